import { Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { ConsolePage, ListPage } from '../list-page';
import { UploadButton } from '../upload-button';
import { useFinancialReportMutations, useStaffFinancialReport } from './queries';

/** /backoffice/financial-report/: the one current interim financial report, replaced by uploading a PDF. */
export function CompanyReportPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const report = useStaffFinancialReport();
  const { upload, withdraw } = useFinancialReportMutations();
  const [title, setTitle] = useState('');
  return (
    <ConsolePage title={t('backofficeCompany.report.title')}>
      <Paper withBorder radius="md" p="md">
        <ListPage order={2} title={t('backofficeCompany.report.current')} query={report} empty={() => null}>
          {({ report: current }) => (
            <Stack gap="sm">
              {!current ? (
                <Text size="sm">{t('backofficeCompany.report.none')}</Text>
              ) : current.kind === 'pages' ? (
                <Text size="sm">{t('backofficeCompany.report.demo', { count: current.pages.length })}</Text>
              ) : (
                <Stack gap={4}>
                  <Text size="sm" data-testid="company-report-current">
                    {t('backofficeCompany.report.pdf', {
                      title: current.title,
                      date: formatDate(current.updatedAt, locale),
                    })}
                  </Text>
                  <Anchor href={current.url} target="_blank" rel="noopener" size="sm">
                    {t('backofficeCompany.report.open')}
                  </Anchor>
                </Stack>
              )}
              {current && (
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
          )}
        </ListPage>
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
            uploadingText={(percent) => t('backofficeCompany.uploading', { percent })}
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
    </ConsolePage>
  );
}
