import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { UploadButton } from './company-ui';
import { useFinancialReportMutations, useStaffFinancialReport } from './queries';

/** /backoffice/financial-report/: the one current interim financial report, replaced by uploading a PDF. */
export function CompanyReportPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const report = useStaffFinancialReport();
  const { upload, withdraw } = useFinancialReportMutations();
  const [title, setTitle] = useState('');
  let current: React.ReactNode;
  if (report.isPending) current = <LoadingState />;
  else if (report.isError) current = <ErrorState onRetry={() => void report.refetch()} />;
  else if (!report.data.report) current = <Text size="sm">{t('backofficeCompany.report.none')}</Text>;
  else if (report.data.report.kind === 'pages')
    current = (
      <Text size="sm">{t('backofficeCompany.report.demo', { count: report.data.report.pages.length })}</Text>
    );
  else
    current = (
      <Stack gap={4}>
        <Text size="sm" data-testid="company-report-current">
          {t('backofficeCompany.report.pdf', {
            title: report.data.report.title,
            date: formatDate(report.data.report.updatedAt.slice(0, 10), locale),
          })}
        </Text>
        <Anchor href={report.data.report.url} target="_blank" rel="noopener" size="sm">
          {t('backofficeCompany.report.open')}
        </Anchor>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('backofficeCompany.report.title')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('backofficeCompany.report.current')}
          </Title>
          {current}
          {report.data?.report && (
            <Button
              variant="subtle"
              color="red"
              w="fit-content"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate()}
            >
              {t('backofficeCompany.report.withdraw')}
            </Button>
          )}
          <ApiErrorAlert error={withdraw.error} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <TextInput
            label={t('backofficeCompany.report.reportTitle')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={300}
            maw={520}
          />
          <Text size="sm" c="dimmed">
            {t('backofficeCompany.report.replaceHint')}
          </Text>
          <UploadButton
            label={t('backofficeCompany.report.upload')}
            accept="application/pdf"
            mutation={upload}
            testId="company-report-file"
            start={(file, onProgress) =>
              upload.mutate({ file, onProgress, fields: title.trim() ? { title: title.trim() } : {} })
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
