import { Anchor, Group, Paper, SimpleGrid, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SIGNED_MEDIA_REFRESH_MS } from '../../shared/api/media-url';
import { useSession } from '../../shared/session/session';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { LiveStream } from './live-stream';
import { camerasQueries } from './queries';

/** /dashboard/cameras: the live stream and the five views of the location; lenders are told it is coming. */
export function CamerasPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { currentRole, currentLocation } = useSession();
  const investor = currentRole === 'INVESTOR';
  const cameras = useQuery({
    ...camerasQueries.cameras(),
    // The media addresses are signed for ten minutes: fresh ones before they run out.
    refetchInterval: SIGNED_MEDIA_REFRESH_MS,
    enabled: investor,
  });
  const here = cameras.data?.locations.find((l) => l.locationId === currentLocation?.id);

  let body: React.ReactNode;
  if (!investor) body = <EmptyState title={t('cameras.soon')} text={t('cameras.soonText')} />;
  else if (!currentLocation) body = <EmptyState title={t('cameras.none')} />;
  else if (cameras.isPending) body = <LoadingState />;
  else if (cameras.isError) body = <ErrorState onRetry={() => void cameras.refetch()} />;
  else if (!here) body = <EmptyState title={t('cameras.none')} />;
  else
    body = (
      <Tabs value="cameras">
        <Tabs.List>
          <Tabs.Tab value="cameras">{t('cameras.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cameras" pt="md">
          <Stack gap="lg">
            {here.streamUrl && (
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="sm">
                  {t('cameras.live')}
                </Title>
                <LiveStream key={here.locationId} url={here.streamUrl} title={t('cameras.live')} />
              </Paper>
            )}
            <Group gap="md" data-testid="camera-links" component="nav" aria-label={t('cameras.tab')}>
              {here.videos.map((v) => (
                <Anchor
                  key={v.id}
                  href={`#${v.anchor}`}
                  size="sm"
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(v.anchor)?.scrollIntoView({ behavior: 'smooth' });
                  }}
                >
                  {en ? v.titleEn : v.title}
                </Anchor>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {here.videos.map((v) => (
                <Paper key={v.id} id={v.anchor} withBorder p="md" radius="md" data-testid="camera-video">
                  <Title order={3} size="h5" mb="sm">
                    {en ? v.titleEn : v.title}
                  </Title>
                  <video
                    src={v.url}
                    autoPlay
                    loop
                    muted
                    playsInline
                    aria-label={en ? v.titleEn : v.title}
                    style={{ width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
                  />
                </Paper>
              ))}
            </SimpleGrid>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    );

  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('cameras.title')}
      </Title>
      {body}
    </Stack>
  );
}
