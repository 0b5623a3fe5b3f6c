import { Anchor, Button, Code, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, downloadFile } from '../../shared/api/client';
import { companySettingsQuery, localized } from '../../shared/api/company-settings';
import { financialReportQuery } from '../../shared/api/financial-report';
import { useOpenRequests } from '../../shared/api/open-requests';
import { SuccessBanner, useSuccessBanner } from '../../shared/ui/success-banner';

/**
 * The spec's report-download block as a real control: an uploaded report (PDF) downloads from its own address; the
 * demo's page images download as one PDF the server draws (financial-report/download). None published: no button.
 */
function ReportDownload() {
  const { t } = useTranslation();
  const report = useQuery(financialReportQuery());
  const file = useMutation({ mutationFn: () => downloadFile('GET /financial-report/download') });
  const current = report.data?.report;
  if (!current) return null;
  if (current.kind === 'pdf')
    return (
      <Button
        component="a"
        href={current.url}
        download={`${current.title}.pdf`}
        variant="default"
        data-testid="report-download"
      >
        {t('finance.reportDownload')}
      </Button>
    );
  return (
    <>
      <Button
        variant="default"
        onClick={() => file.mutate()}
        loading={file.isPending}
        data-testid="report-download"
      >
        {t('finance.reportDownload')}
      </Button>
      {file.isError && (
        <Text size="xs" c="red" role="alert">
          {t('finance.downloadFailed', { message: file.error.message })}
        </Text>
      )}
    </>
  );
}

/** The lender's main page: the conversion banner and offer, promo code, scheme, interim report and videos. */
export function LenderDashboard() {
  const { t, i18n } = useTranslation();
  const settings = useQuery(companySettingsQuery()).data;
  const report = useQuery(financialReportQuery()).data?.report;
  // The company's own title, else the uploaded report's, else a generic line: never a year the company did not write.
  const reportText =
    (settings && localized(settings.reportTitle, settings.reportTitleEn, i18n.language)) ||
    report?.title ||
    t('finance.reportText');
  const [sent, showSent] = useSuccessBanner();
  const openRequests = useOpenRequests();
  const conversion = useMutation({
    mutationFn: () => call('POST /lender-income/send-conversion-request'),
    onSuccess: () => {
      showSent();
      void openRequests.refresh();
    },
  });
  // Sent, or still open from an earlier visit: the button rests until the manager completes it.
  const requested = conversion.isSuccess || openRequests.isOpen('conversion');
  return (
    <Stack gap="md">
      <Paper radius="md" p="lg" className="promo-banner" data-testid="conversion-banner">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('finance.conversionTitle')}
          </Title>
          <Text size="sm">{t('finance.conversionText')}</Text>
          <Group>
            <Button
              variant="white"
              color="dark"
              onClick={() => conversion.mutate()}
              loading={conversion.isPending}
              disabled={requested}
              data-testid="conversion-request"
            >
              {requested ? t('finance.requestSent') : t('finance.conversionButton')}
            </Button>
          </Group>
          <SuccessBanner visible={sent} text={t('finance.requestSent')} />
        </Stack>
      </Paper>
      <Text>{t('finance.preamble')}</Text>
      <Paper withBorder radius="md" p="lg" data-testid="conversion-offer">
        <Title order={2} size="h4" mb="sm">
          {t('finance.offerTitle')}
        </Title>
        <List spacing={6} size="sm">
          <List.Item>{t('finance.offerFrom')}</List.Item>
          <List.Item>{t('finance.offerGuaranteed')}</List.Item>
          <List.Item>{t('finance.offerCapitalization')}</List.Item>
          <List.Item>{t('finance.offerDiscount')}</List.Item>
        </List>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="lg">
          <Title order={3} size="h5">
            {t('finance.promoCodeTitle')}
          </Title>
          <Text size="sm" mt={4}>
            {t('finance.promoCodeText')}
          </Text>
          <Code fz="lg" mt="sm" block>
            {t('finance.promoCode')}
          </Code>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={3} size="h5">
            {t('finance.schemeTitle')}
          </Title>
          <Text size="sm" mt={4}>
            {t('finance.schemeText')}
          </Text>
          {settings?.schemeUrl && (
            <Button
              component="a"
              href={settings.schemeUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              mt="sm"
            >
              {t('finance.schemeButton')}
            </Button>
          )}
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={3} size="h5">
            {t('finance.reportTitle')}
          </Title>
          <Text size="sm" mt={4}>
            {reportText}
          </Text>
          <Group mt="sm">
            <Button component={Link} to="/dashboard/report-2024" variant="light">
              {t('finance.reportButton')}
            </Button>
            <ReportDownload />
          </Group>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={3} size="h5">
            {t('finance.videoTitle')}
          </Title>
          <SimpleGrid cols={2} spacing="sm" mt="sm">
            {[1, 2].map((n) => (
              <div key={n} className="video-stub" role="img" aria-label={t('finance.videoSoon')}>
                <Text size="xs" c="white" ta="center">
                  {t('finance.videoSoon')}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {settings?.investUrl && (
            <Anchor
              href={settings.investUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              mt="sm"
              display="block"
            >
              {t('layout.footerInvest')}
            </Anchor>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
