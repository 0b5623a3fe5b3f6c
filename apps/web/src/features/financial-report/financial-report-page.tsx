import { Image, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { financialReportQuery } from '../../shared/api/financial-report';
import { SIGNED_MEDIA_REFRESH_MS, withoutMediaToken } from '../../shared/api/media-url';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';

// pdf.js is large: it loads only for a report uploaded as a PDF.
const PdfPages = lazy(() => import('./pdf-pages').then((m) => ({ default: m.PdfPages })));

/**
 * /dashboard/report-2024: the current interim financial report, its pages stacked; no context menu. The company
 * uploads it as a PDF in the console (drawn here page by page); the demo's report is page images.
 */
export function FinancialReportPage() {
  const { t } = useTranslation();
  const report = useQuery({
    ...financialReportQuery(),
    // The page addresses are signed for ten minutes: fresh ones before they run out.
    refetchInterval: SIGNED_MEDIA_REFRESH_MS,
  });
  let body: React.ReactNode;
  if (report.isPending) body = <LoadingState />;
  else if (report.isError) body = <ErrorState onRetry={() => void report.refetch()} />;
  else if (!report.data.report) body = <EmptyState title={t('financialReport.empty')} />;
  else if (report.data.report.kind === 'pdf')
    body = (
      <Suspense fallback={<LoadingState />}>
        <PdfPages url={report.data.report.url} />
      </Suspense>
    );
  else body = <PageImages pages={report.data.report.pages} />;
  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('financialReport.title')}
      </Title>
      <Stack
        gap="md"
        data-testid="financial-report"
        onContextMenu={(event) => event.preventDefault()}
        style={{ userSelect: 'none' }}
      >
        {body}
      </Stack>
    </Stack>
  );
}

function PageImages({ pages }: { pages: string[] }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  return (
    <>
      {failed && (
        <ErrorState
          onRetry={() => {
            setFailed(false);
            setLoaded(0);
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {!failed && loaded === 0 && <LoadingState />}
      <Stack key={attempt} gap="md" style={{ display: failed ? 'none' : undefined }}>
        {pages.map((src, i) => (
          <Paper
            key={withoutMediaToken(src)}
            withBorder
            radius="sm"
            p={0}
            style={{ overflow: 'hidden' }}
            maw={900}
          >
            <Image
              src={`${src}${attempt ? `${src.includes('?') ? '&' : '?'}r=${attempt}` : ''}`}
              alt={t('financialReport.page', { page: i + 1, total: pages.length })}
              loading={i < 2 ? 'eager' : 'lazy'}
              draggable={false}
              onLoad={() => setLoaded((n) => n + 1)}
              onError={() => setFailed(true)}
              w="100%"
              style={{ aspectRatio: '595 / 842' }}
            />
          </Paper>
        ))}
      </Stack>
    </>
  );
}
