import { Image, Paper, Stack, Title } from '@mantine/core';
import { FINANCIAL_REPORT_PAGES, financialReportPageUrl } from '@portal/contract/financial-report';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';

const PAGES = Array.from({ length: FINANCIAL_REPORT_PAGES }, (_, i) => i + 1);

/** /dashboard/report-2024: the fifteen pages of the interim financial report stacked; no context menu. */
export function FinancialReportPage() {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('financialReport.title')}
      </Title>
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
      <Stack
        key={attempt}
        gap="md"
        data-testid="financial-report"
        onContextMenu={(event) => event.preventDefault()}
        style={{ userSelect: 'none', display: failed ? 'none' : undefined }}
      >
        {PAGES.map((page) => (
          <Paper key={page} withBorder radius="sm" p={0} style={{ overflow: 'hidden' }} maw={900}>
            <Image
              src={`${financialReportPageUrl(page)}${attempt ? `?r=${attempt}` : ''}`}
              alt={t('financialReport.page', { page, total: FINANCIAL_REPORT_PAGES })}
              loading={page <= 2 ? 'eager' : 'lazy'}
              draggable={false}
              onLoad={() => setLoaded((n) => n + 1)}
              onError={() => setFailed(true)}
              w="100%"
              style={{ aspectRatio: '595 / 842' }}
            />
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
