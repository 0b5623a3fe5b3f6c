import { Alert, Button, Chip, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import { useElementSize } from '@mantine/hooks';
import { FIRST_MONTH, lastCompleteMonth } from '@portal/contract/periods';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, downloadFile } from '../../shared/api/client';
import { nowMs } from '../../shared/clock';
import {
  formatCompactMoney,
  formatMoney,
  formatPercent,
  formatShortYearMonth,
  formatYearMonth,
  formatYearMonthAfterPreposition,
} from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { pickedMonth, yearMonthOfPicked } from '../../shared/time';
import { InfoPopover } from '../../shared/ui/info-popover';
import { LineChart } from '../../shared/ui/lazy-charts';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { ScrollCue } from '../../shared/ui/scroll-cue';
import { Change, Stat } from '../../shared/ui/stat';
import { CapitalizationChart } from './capitalization-chart';
import {
  axisWidth,
  buildIncomeChart,
  labelledMonths,
  MONTH_LABEL_PX,
  moneyTicks,
  monthLabelRoom,
  SERIES_COLORS,
  yearMonthOfRow,
} from './income-series';
import { defaultRange } from './prefetch';
import { useIncomeActives, useIncomeStatistics, useInvestorIncome, useLenderIncome } from './queries';

export function IncomePage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const { currentRole, currentLocation, profile } = useSession();
  const location = currentLocation?.id;
  const investor = currentRole === 'INVESTOR';
  const [range, setRange] = useState<[Date | null, Date | null]>(defaultRange);
  const [visible, setVisible] = useState<string[] | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // The data follows a complete range only: picking the first month alone reloads nothing.
  const [applied, setApplied] = useState(defaultRange);
  const from = yearMonthOfPicked(applied[0]);
  const to = yearMonthOfPicked(applied[1]);

  const stats = useIncomeStatistics(currentRole, location);
  const investorList = useInvestorIncome(location, from, to, investor);
  const lenderList = useLenderIncome(location, from, to, !investor);
  const actives = useIncomeActives(currentRole, location, to);
  // The chart's own width decides how many month labels fit side by side, so they never print over each other.
  const { ref: chartBox, width: chartWidth } = useElementSize<HTMLDivElement>();

  const onRange = (value: [Date | string | null, Date | string | null]) => {
    const next: [Date | null, Date | null] = [
      value[0] ? pickedMonth(yearMonthOfPicked(value[0])) : null,
      value[1] ? pickedMonth(yearMonthOfPicked(value[1])) : null,
    ];
    setRange(next);
    // A new range reloads the data and selects the first unit series again.
    if (next[0] && next[1]) {
      setApplied([next[0], next[1]]);
      setVisible(null);
    }
  };
  const onDownload = async () => {
    setDownloadError(null);
    try {
      await (investor
        ? downloadFile('GET /investor-income/xls', { query: { location } })
        : downloadFile('GET /lender-income/xls', { query: { location } }));
    } catch (error) {
      setDownloadError(t('finance.downloadFailed', { message: (error as Error).message }));
    }
  };

  // The month picker speaks the page's language in every state (loading, empty, failed too).
  const header = (
    <DatesProvider settings={{ locale }}>
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={1} size="h2">
          {t('finance.incomeTitle')}
        </Title>
        <Group align="end" wrap="wrap">
          <MonthPickerInput
            type="range"
            label={t('finance.range')}
            value={range}
            onChange={onRange}
            maxDate={pickedMonth(lastCompleteMonth(nowMs()))}
            minDate={pickedMonth(FIRST_MONTH)}
            w={260}
            data-testid="income-range"
          />
          <Button variant="light" onClick={() => void onDownload()} data-testid="income-download">
            {t('finance.download')}
          </Button>
        </Group>
      </Group>
    </DatesProvider>
  );

  if (!location) return <EmptyState title={t('finance.emptyIncome')} />;
  if (stats.isPending)
    return (
      <Stack className="page">
        {header}
        <LoadingState />
      </Stack>
    );
  // A lender's statistics are 404 where the lender has no loan: nothing to show there yet, not a failure.
  const noLoanHere =
    !investor && stats.isError && stats.error instanceof ApiError && stats.error.status === 404;
  if (noLoanHere)
    return (
      <Stack className="page">
        {header}
        <EmptyState title={t('finance.emptyIncome')} text={t('finance.emptyIncomeTextLender')} />
      </Stack>
    );
  if (stats.isError)
    return (
      <Stack className="page">
        {header}
        <ErrorState onRetry={() => void stats.refetch()} />
      </Stack>
    );
  const s = stats.data;
  // A lender with a loan sees the loan, its term and what it has earned (nothing yet) before the first payment.
  if (s.firstYearMonth === null && investor) {
    // No income yet, but the money is in: the invested sum and the nothing earned, as the dashboard shows them.
    return (
      <Stack className="page">
        {header}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" data-testid="income-summary-no-income">
          <Stat label={t('finance.invested')} value={formatMoney(s.invested, locale)} />
          <Stat label={t('finance.earned')} value={formatMoney(s.totalIncome, locale)} />
        </SimpleGrid>
        <EmptyState
          title={t('finance.emptyIncome')}
          text={investor ? t('finance.emptyIncomeText') : t('finance.emptyIncomeTextLender')}
        />
      </Stack>
    );
  }

  const chart = investor
    ? buildIncomeChart(investorList.data?.units ?? [], locale === 'en', from, to)
    : buildIncomeChart(
        [
          {
            unitId: 0,
            unitName: t('finance.loanInterest'),
            unitNameEn: t('finance.loanInterest'),
            invested: s.invested,
            incomes: (lenderList.data?.incomes ?? []).map((i) => ({ ...i, lastMonthDiff: null })),
          },
        ],
        locale === 'en',
        from,
        to,
      );
  const tooMany = chart.series.length > SERIES_COLORS.length;
  const shown = tooMany
    ? chart.series.filter((series) => (visible ?? [chart.series[0]?.name]).includes(series.name))
    : chart.series;
  const listPending = investor ? investorList.isPending : lenderList.isPending;
  // Round money ticks over the series shown, and month labels that fit the chart's width.
  const yTicks = moneyTicks(
    chart.data.flatMap((row) => shown.map((series) => Number(row[series.name] ?? 0))),
  );
  const labelled = labelledMonths(
    chart.data.map((row) => yearMonthOfRow(row.date)),
    monthLabelRoom(chartWidth),
  );

  return (
    <DatesProvider settings={{ locale }}>
      <Stack gap="md" className="page">
        {header}
        {downloadError && (
          <Alert color="red" variant="light" data-testid="download-error">
            {downloadError}
          </Alert>
        )}
        {profile.organizationType.code === 'individual' && (
          <Text size="sm" c="dimmed" data-testid="private-person-info">
            {t('finance.privatePersonInfo')}
          </Text>
        )}
        {investor ? (
          // Two full rows at every width («ROI за период» stood alone on a short last row): the sums
          // (four: one row, two by two, or one a row) and the percentages (three: one row, or one a row).
          <Stack gap="md" data-testid="income-summary">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="income-summary-sums">
              <Stat label={t('finance.invested')} value={formatMoney(s.invested, locale)} />
              <Stat label={t('finance.earned')} value={formatMoney(s.totalIncome, locale)} />
              <Stat label={t('finance.averageMonthly')} value={formatMoney(s.averageMonthlyIncome, locale)} />
              <Stat
                label={t('finance.payback')}
                value={s.payback === null ? '—' : t('finance.paybackValue', { count: s.payback })}
                hint={<InfoPopover label={t('finance.payback')} text={t('finance.helpPayback')} />}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="income-summary-percents">
              <Stat
                label={t('finance.roiYear')}
                value={formatPercent(s.averagePercentForYear)}
                hint={<InfoPopover label={t('finance.roiYear')} text={t('finance.helpRoiYear')} />}
              />
              <Stat label={t('finance.percentMonth')} value={formatPercent(s.averagePercentForMonth)} />
              <Stat
                label={t('finance.roiPeriod')}
                value={investorList.data ? formatPercent(investorList.data.periodPercent) : '—'}
                hint={<InfoPopover label={t('finance.roiPeriod')} text={t('finance.helpRoiPeriod')} />}
              />
            </SimpleGrid>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="income-summary">
            <Stat label={t('finance.loan')} value={formatMoney(s.invested, locale)} />
            <Stat label={t('finance.earned')} value={formatMoney(s.totalIncome, locale)} />
            <Stat
              label={t('finance.loanTerm')}
              value={
                s.loanTermYearMonth
                  ? t('finance.loanTermValue', {
                      month: formatYearMonthAfterPreposition(s.loanTermYearMonth, locale),
                    })
                  : '—'
              }
            />
          </SimpleGrid>
        )}

        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('finance.chartTitle')}
            </Title>
            {/* ADR and RevPAR have help texts but no figures the portal serves: no help icons without values. */}
          </Group>
          {tooMany && (
            <Chip.Group multiple value={visible ?? [chart.series[0]?.name ?? '']} onChange={setVisible}>
              <Group gap="xs" mb="sm" data-testid="unit-filter">
                {chart.series.map((series) => (
                  <Chip key={series.name} value={series.name} size="xs">
                    {series.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
          <div ref={chartBox}>
            {listPending ? (
              <LoadingState />
            ) : (
              <LineChart
                h={280}
                data={chart.data}
                dataKey="date"
                series={shown}
                curveType="monotone"
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                // Room above the top sum's label and beside the first and last months' labels, so none is cut.
                lineChartProps={{
                  margin: { top: 12, right: 8, bottom: 0, left: 0 },
                  title: t('finance.chartTitle'),
                }}
                xAxisProps={{
                  padding: { left: MONTH_LABEL_PX / 2, right: MONTH_LABEL_PX / 2 },
                  // Every month keeps its tick; only the months that fit get a label.
                  interval: 0,
                  tickFormatter: (date: string) =>
                    labelled.has(yearMonthOfRow(date))
                      ? formatShortYearMonth(yearMonthOfRow(date), locale)
                      : '',
                }}
                yAxisProps={{
                  width: axisWidth(yTicks.map((value) => formatCompactMoney(value, locale))),
                  ticks: yTicks,
                  domain: [yTicks[0] ?? 0, yTicks.at(-1) ?? 0],
                  interval: 0,
                  tickFormatter: (value: number) => formatCompactMoney(value, locale),
                }}
                valueFormatter={(value) => formatMoney(value, locale)}
                data-testid="income-chart"
              />
            )}
          </div>
        </Paper>

        {investor && actives.data && <CapitalizationChart units={actives.data.actives} />}

        {!investor && (
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="sm">
              {t('finance.paymentsByMonth')}
            </Title>
            {lenderList.data ? (
              lenderList.data.incomes.length === 0 ? (
                <Text c="dimmed" data-testid="loan-payments-empty">
                  {t('finance.noPaymentsInRange')}
                </Text>
              ) : (
                <Table striped data-testid="loan-payments">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('finance.month')}</Table.Th>
                      <Table.Th>{t('finance.location')}</Table.Th>
                      <Table.Th ta="right">{t('finance.payment')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...lenderList.data.incomes].reverse().map((row) => (
                      <Table.Tr key={row.yearMonth}>
                        <Table.Td>{formatYearMonth(row.yearMonth, locale)}</Table.Td>
                        <Table.Td>{locale === 'en' ? row.location.nameEn : row.location.name}</Table.Td>
                        <Table.Td ta="right">{formatMoney(row.amount, locale)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )
            ) : lenderList.isError ? (
              <ErrorState onRetry={() => void lenderList.refetch()} />
            ) : (
              <LoadingState />
            )}
          </Paper>
        )}

        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            {investor ? t('finance.incomeByUnits') : t('finance.incomeByLoan')} —{' '}
            {formatYearMonth(to, locale)}
          </Title>
          {actives.data ? (
            <ScrollCue
              minWidth={560}
              label={investor ? t('finance.incomeByUnits') : t('finance.incomeByLoan')}
            >
              <Table striped data-testid="income-actives">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{investor ? t('finance.unit') : t('finance.loan')}</Table.Th>
                    <Table.Th ta="right">{t('finance.amount')}</Table.Th>
                    <Table.Th ta="right">{t('finance.percentOfInvested')}</Table.Th>
                    {investor && <Table.Th ta="right">{t('finance.capitalization')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {actives.data.actives.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{locale === 'en' ? row.nameEn : row.name}</Table.Td>
                      <Table.Td ta="right">
                        {formatMoney(row.amount, locale)}
                        <Change value={row.lastMonthDiff} suffix="" />
                      </Table.Td>
                      <Table.Td ta="right">{formatPercent(row.percent)}</Table.Td>
                      {investor && (
                        <Table.Td ta="right">{formatMoney(row.capitalizationPrice, locale)}</Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollCue>
          ) : actives.isError ? (
            <ErrorState onRetry={() => void actives.refetch()} />
          ) : (
            <LoadingState />
          )}
        </Paper>
      </Stack>
    </DatesProvider>
  );
}
