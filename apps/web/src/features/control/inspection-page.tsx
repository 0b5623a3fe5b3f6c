import {
  Accordion,
  Anchor,
  Badge,
  Box,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Check, ChecklistGroup, ChecklistSubgroup } from '@portal/contract/control';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { formatDate } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { GalleryModal, type GallerySlide } from '../../shared/ui/gallery';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { countChecks, sectionId } from './checklist';
import { useInspection } from './queries';

/** Wider than this is desktop: the side index; narrower (tablet, mobile) gets collapsible groups. */
export const DESKTOP_QUERY = '(min-width: 1081px)';

/** /dashboard/control/inspection/{id}: the result, failures and checklist of one inspection. */
export function InspectionPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const locale = en ? 'en' : 'ru';
  const { id } = useParams();
  const inspectionId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : Number.NaN;
  const { currentLocation } = useSession();
  const inspection = useInspection(inspectionId, currentLocation?.id);
  const desktop = useMediaQuery(DESKTOP_QUERY, window.innerWidth > 1080) ?? false;
  const [gallery, setGallery] = useState<{ slides: GallerySlide[]; index: number } | null>(null);
  const openPhotos = (check: Check) => setGallery({ slides: check.media, index: 0 });

  const back = (
    <Anchor component={Link} to="/dashboard/control/" size="sm" data-testid="back-to-control">
      ← {t('control.back')}
    </Anchor>
  );
  const missing =
    !Number.isFinite(inspectionId) ||
    !currentLocation ||
    (inspection.error instanceof ApiError && inspection.error.status === 404);
  if (missing)
    return (
      <Stack gap="md" className="page">
        {back}
        <EmptyState title={t('control.notFound')} text={t('control.notFoundHint')} />
      </Stack>
    );
  if (inspection.isPending)
    return (
      <Stack gap="md" className="page">
        {back}
        <LoadingState />
      </Stack>
    );
  if (inspection.isError)
    return (
      <Stack gap="md" className="page">
        {back}
        <ErrorState onRetry={() => void inspection.refetch()} />
      </Stack>
    );

  const data = inspection.data;
  const result =
    data.inspectionFactRate === null
      ? ''
      : `${data.inspectionFactRate}/${data.inspectionMaxRate} (${data.successPercentage}%)`;
  const title = (item: { title: string; titleEn: string }) => (en ? item.titleEn : item.title);
  const countLabel = (items: Array<ChecklistGroup | ChecklistSubgroup>) => {
    const c = countChecks(items);
    return t('control.count', { passed: c.passed, total: c.total, percent: c.percent });
  };

  const checks = (subgroup: ChecklistSubgroup) => (
    <Stack gap={6}>
      {subgroup.testsList.map((check) => (
        <Group key={check.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="check">
          <Text size="sm">{en ? check.testEn : check.test}</Text>
          <Group gap="xs" wrap="nowrap">
            {check.media.length > 0 && (
              <Anchor component="button" type="button" size="sm" onClick={() => openPhotos(check)}>
                {t('control.openPhoto')}
              </Anchor>
            )}
            <Badge color={check.status === 1 ? 'green' : 'red'} variant="light" miw={48}>
              {check.status === 1 ? t('control.yes') : t('control.no')}
            </Badge>
          </Group>
        </Group>
      ))}
    </Stack>
  );

  const checklist = desktop ? (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Stack gap="lg" style={{ flex: 1, minWidth: 0 }}>
        {data.groups.map((group) => (
          <Paper
            key={group.id}
            id={sectionId(group.id)}
            withBorder
            p="md"
            radius="md"
            data-testid="checklist-group"
          >
            <Group justify="space-between" mb="sm">
              <Title order={3} size="h4">
                {title(group)}
              </Title>
              <Text fw={600}>{countLabel([group])}</Text>
            </Group>
            <Stack gap="md">
              {group.tests.map((subgroup) => (
                <Box key={subgroup.id}>
                  <Group justify="space-between" mb={6}>
                    <Text fw={600} size="sm">
                      {title(subgroup)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {countLabel([subgroup])}
                    </Text>
                  </Group>
                  {checks(subgroup)}
                </Box>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Paper
        withBorder
        p="md"
        radius="md"
        w={260}
        style={{ position: 'sticky', top: 16, flexShrink: 0 }}
        component="nav"
        aria-label={t('control.index')}
        data-testid="checklist-index"
      >
        <Stack gap="xs">
          {data.groups.map((group) => (
            <UnstyledButton
              key={group.id}
              onClick={() =>
                document.getElementById(sectionId(group.id))?.scrollIntoView({ behavior: 'smooth' })
              }
            >
              <Text size="sm" fw={500}>
                {title(group)}
              </Text>
              <Text size="xs" c="dimmed">
                {countLabel([group])}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </Paper>
    </Group>
  ) : (
    <Accordion
      multiple
      defaultValue={data.groups.map((g) => String(g.id))}
      variant="separated"
      data-testid="checklist-accordion"
    >
      {data.groups.map((group) => (
        <Accordion.Item key={group.id} value={String(group.id)} data-testid="checklist-group">
          <Accordion.Control>
            <Text fw={600}>{title(group)}</Text>
            <Text size="sm" c="dimmed">
              {countLabel([group])}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Accordion multiple defaultValue={[]} variant="contained">
              {group.tests.map((subgroup) => (
                <Accordion.Item
                  key={subgroup.id}
                  value={String(subgroup.id)}
                  data-testid="checklist-subgroup"
                >
                  <Accordion.Control>
                    <Text size="sm" fw={600}>
                      {title(subgroup)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {countLabel([subgroup])}
                    </Text>
                  </Accordion.Control>
                  <Accordion.Panel>{checks(subgroup)}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );

  return (
    <Stack gap="md" className="page">
      {back}
      <Title order={1} size="h2">
        {en ? data.patternNameEn : data.patternName}
      </Title>
      <Paper withBorder p="md" radius="md" data-testid="inspection-summary">
        <Stack gap={4}>
          <Text>
            {t('control.inspectionDate')}: <b>{formatDate(data.inspectionDate, locale)}</b>
          </Text>
          <Text>
            {t('control.result')}: <b data-testid="inspection-result">{result}</b>
          </Text>
        </Stack>
      </Paper>
      {data.inspectionFails.length > 0 && (
        <Stack gap={4} data-testid="inspection-fails">
          <Title order={2} size="h4">
            {t('control.failures')}
          </Title>
          <List size="sm">
            {data.inspectionFails.map((f) => (
              <List.Item key={f.id}>{en ? f.testEn : f.test}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Title order={2} size="h3">
        {en ? data.inspectionListNameEn : data.inspectionListName}
      </Title>
      {data.groups.length === 0 ? <EmptyState title={t('control.notYetChecked')} /> : checklist}
      <GalleryModal
        slides={gallery?.slides ?? []}
        index={gallery?.index ?? null}
        onIndex={(index) => setGallery((g) => (g ? { ...g, index } : g))}
        onClose={() => setGallery(null)}
      />
    </Stack>
  );
}
