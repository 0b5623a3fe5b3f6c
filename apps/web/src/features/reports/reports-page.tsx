import {
  Badge,
  Box,
  Card,
  Group,
  Image,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { WHOLE_LOCATION_TAB_ID } from '@portal/contract/constants';
import { REPORT_ORDER, type ReportOrderId } from '@portal/contract/reports';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { TimelineTabStrip } from '../../shared/timeline/timeline-tab-strip';
import { useTimelineTabs } from '../../shared/timeline/use-timeline-tabs';
import { GalleryModal } from '../../shared/ui/gallery';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { SafeHtml } from '../../shared/ui/safe-html';
import { useTabReports } from './queries';
import { type ReportView, sortReports, toReportView } from './report-model';

/**
 * /dashboard/reports/: tabs by timeline unit; for the whole location (1488) and for lenders the reports are cards
 * with the order filter, for a unit tab media blocks.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { currentRole } = useSession();
  const { tabs, tab, setTab, lender } = useTimelineTabs();
  const [order, setOrder] = useState<ReportOrderId>(REPORT_ORDER.latest);
  const [gallery, setGallery] = useState<{ report: ReportView; index: number } | null>(null);
  const reports = useTabReports(tab, currentRole);
  const asCards = lender || tab?.id === WHOLE_LOCATION_TAB_ID;
  const list = useMemo(
    () => sortReports((reports.data?.reports ?? []).map(toReportView), asCards ? order : REPORT_ORDER.latest),
    [reports.data, order, asCards],
  );
  const open = (report: ReportView, index = 0) => setGallery({ report, index });

  let body: React.ReactNode;
  // No tab: an investor without a location of their own yet.
  if (!tab) body = <EmptyState title={t('reports.empty')} />;
  else if (reports.isPending) body = <LoadingState />;
  else if (reports.isError) body = <ErrorState onRetry={() => void reports.refetch()} />;
  else if (list.length === 0) body = <EmptyState title={t('reports.empty')} />;
  else if (asCards)
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="report-cards">
        {list.map((report) => (
          <ReportCard key={report.id} report={report} onOpen={() => open(report)} />
        ))}
      </SimpleGrid>
    );
  else
    body = (
      <Stack gap="md" data-testid="report-blocks">
        {list.map((report) => (
          <MediaBlock key={report.id} report={report} onOpen={(index) => open(report, index)} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('reports.title')}
      </Title>
      <Text c="dimmed" data-testid="reports-info">
        {t('reports.info')}
      </Text>
      <TimelineTabStrip tabs={tabs} value={tab?.id ?? null} onChange={setTab} />
      {asCards && (
        <NativeSelect
          label={t('reports.order')}
          value={String(order)}
          onChange={(event) => setOrder(Number(event.currentTarget.value) as ReportOrderId)}
          data={[
            { value: String(REPORT_ORDER.latest), label: t('reports.latest') },
            { value: String(REPORT_ORDER.earliest), label: t('reports.earliest') },
          ]}
          maw={280}
          data-testid="report-order"
        />
      )}
      {body}
      <GalleryModal
        slides={gallery?.report.slides ?? []}
        index={gallery?.index ?? null}
        onIndex={(index) => setGallery((g) => (g ? { ...g, index } : g))}
        onClose={() => setGallery(null)}
        title={gallery ? (en ? gallery.report.titleEn : gallery.report.title) : undefined}
      />
    </Stack>
  );
}

function useReportTexts(report: ReportView) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return {
    locale: en ? ('en' as const) : ('ru' as const),
    title: en ? report.titleEn : report.title,
    subtitle: en ? report.subtitleEn : report.subtitle,
  };
}

/** '12 фото', '3 видео': what a report holds, as its cover shows it. */
function mediaCounts(report: ReportView, t: (key: string, options: { count: number }) => string) {
  const videos = report.slides.filter((s) => s.isVideo).length;
  const photos = report.slides.length - videos;
  return {
    photos: photos > 0 ? t('reports.photos', { count: photos }) : null,
    videos: videos > 0 ? t('reports.videos', { count: videos }) : null,
  };
}

function MediaCounts({ report }: { report: ReportView }) {
  const { t } = useTranslation();
  const { photos, videos } = mediaCounts(report, t);
  return (
    <Group gap={6}>
      {photos && (
        <Badge variant="white" color="dark" size="sm">
          {photos}
        </Badge>
      )}
      {videos && (
        <Badge variant="white" color="dark" size="sm">
          {videos}
        </Badge>
      )}
    </Group>
  );
}

function ReportCard({ report, onOpen }: { report: ReportView; onOpen: () => void }) {
  const { t } = useTranslation();
  const { locale, title, subtitle } = useReportTexts(report);
  return (
    <Card withBorder radius="md" padding="md" data-testid="report-card">
      <Card.Section>
        <UnstyledButton
          onClick={onOpen}
          data-testid="report-cover"
          style={{ display: 'block', width: '100%', position: 'relative' }}
        >
          {/* The name is this hidden text, then what the cover shows (WCAG 2.5.3: the visible text is in the name). */}
          <VisuallyHidden>{t('reports.openGallery', { title })}</VisuallyHidden>
          {report.cover ? (
            <Image src={report.cover} alt="" h={200} fit="cover" />
          ) : (
            <VideoTile height={200} />
          )}
          <Box style={{ position: 'absolute', left: 12, bottom: 12 }}>
            <MediaCounts report={report} />
          </Box>
        </UnstyledButton>
      </Card.Section>
      <Badge variant="light" color="forest" mt="md" data-testid="report-date">
        {formatDate(report.date, locale)}
      </Badge>
      <Title order={2} size="h5" mt="xs" data-testid="report-title">
        {title}
      </Title>
      <SafeHtml className="rich-text" html={subtitle} data-testid="report-subtitle" />
    </Card>
  );
}

function VideoTile({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <Box
      h={height}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 8,
        background: 'var(--mantine-color-dark-6)',
        color: 'white',
      }}
    >
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
      <Text c="white" size="sm">
        {t('reports.video')}
      </Text>
    </Box>
  );
}

function MediaBlock({ report, onOpen }: { report: ReportView; onOpen: (index: number) => void }) {
  const { t } = useTranslation();
  const { locale, title, subtitle } = useReportTexts(report);
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-block">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h5" data-testid="report-title">
          {title}
        </Title>
        <Badge variant="light" color="forest" data-testid="report-date">
          {formatDate(report.date, locale)}
        </Badge>
      </Group>
      <SafeHtml className="rich-text" html={subtitle} data-testid="report-subtitle" />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="sm">
        {report.slides.map((slide, index) => (
          <UnstyledButton
            key={slide.id}
            onClick={() => onOpen(index)}
            aria-label={t('reports.openGallery', { title: `${title} ${index + 1}` })}
            data-testid="report-slide"
            style={{ borderRadius: 8, overflow: 'hidden' }}
          >
            {slide.isVideo ? (
              <VideoTile height={110} />
            ) : (
              <Image src={slide.url} alt="" h={110} fit="cover" />
            )}
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
