import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { ORGANIZATION_TYPES } from '@portal/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../shared/api/client';
import { useOpenRequests } from '../../shared/api/open-requests';
import { formatMoney, formatPercent, formatShortYearMonth, formatYearMonth } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { labelledPoints, MONTH_LABEL_PX } from '../../shared/ui/chart-labels';
import { AreaChart } from '../../shared/ui/lazy-charts';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { Change, Stat } from '../../shared/ui/stat';
import { SuccessBanner, useSuccessBanner } from '../../shared/ui/success-banner';
import { LocationInfoBlocks } from './location-info';
import {
  graphRange,
  useActualData,
  useDashboardStatistics,
  useLocationInfo,
  useOccupancyGraph,
} from './queries';

export function InvestorDashboard() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const { profile, currentLocation } = useSession();
  const location = currentLocation?.id;
  const info = useLocationInfo(location);
  const stats = useDashboardStatistics(location);
  const [month, setMonth] = useState<number | undefined>();
  const actual = useActualData(location, month);
  const range = graphRange();
  const graph = useOccupancyGraph(location, range.startDate, range.endDate);
  const { ref: chartBox, width: chartWidth } = useElementSize<HTMLDivElement>();
  const [sent, showSent] = useSuccessBanner();
  const openRequests = useOpenRequests();
  const request = useMutation({
    mutationFn: () => call('POST /banner/submit', { body: { userId: profile.id } }),
    onSuccess: () => {
      showSent();
      void openRequests.refresh();
    },
  });
  // Sent, or still open from an earlier visit: the button rests until the manager completes it.
  const requested = request.isSuccess || openRequests.isOpen('entrepreneur');
  const soleProprietor = profile.organizationType.name === ORGANIZATION_TYPES.sole_proprietor.name;

  // A new investor with no units yet: the next step is the lots that other investors sell.
  if (!location)
    return (
      <Stack align="center" gap="xs" data-testid="no-units">
        <EmptyState title={t('layout.noUnits')} text={t('finance.promoText')} />
        <Button component={Link} to="/promo/">
          {t('finance.promoButton')}
        </Button>
      </Stack>
    );
  const selected = actual.data?.actualDataInSelectedDate;
  return (
    <Stack gap="md">
      <Paper radius="md" p="lg" className="promo-banner">
        <Group justify="space-between" align="center" wrap="wrap">
          <Stack gap={4} maw={560}>
            <Title order={2} size="h4">
              {t('finance.promoTitle')}
            </Title>
            <Text size="sm">{t('finance.promoText')}</Text>
          </Stack>
          <Button component={Link} to="/promo/" variant="white" color="dark">
            {t('finance.promoButton')}
          </Button>
        </Group>
      </Paper>

      {info.isPending ? (
        <LoadingState />
      ) : info.data ? (
        <LocationInfoBlocks info={info.data} />
      ) : (
        <ErrorState onRetry={() => void info.refetch()} />
      )}

      {stats.isPending ? (
        <LoadingState />
      ) : stats.data ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="dashboard-statistics">
          <Stat label={t('finance.invested')} value={formatMoney(stats.data.invested, locale)} />
          <Stat label={t('finance.earned')} value={formatMoney(stats.data.totalIncome, locale)} />
          <Stat label={t('finance.roiYear')} value={formatPercent(stats.data.averagePercentForYear)} />
          <Stat
            label={t('finance.averageMonthly')}
            value={formatMoney(stats.data.averageMonthlyIncome, locale)}
          />
        </SimpleGrid>
      ) : (
        <ErrorState onRetry={() => void stats.refetch()} />
      )}

      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="end" wrap="wrap" mb="md">
          <Title order={2} size="h4">
            {t('finance.actualTitle')}
          </Title>
          <Select
            label={t('finance.month')}
            w={220}
            allowDeselect={false}
            value={String(selected?.yearMonth ?? '')}
            onChange={(value) => value && setMonth(Number(value))}
            data={(actual.data?.actualDataDates ?? []).map((m) => ({
              value: String(m),
              label: formatYearMonth(m, locale),
            }))}
            data-testid="actual-month"
          />
        </Group>
        {actual.isError ? (
          <ErrorState onRetry={() => void actual.refetch()} />
        ) : actual.data && actual.data.actualDataDates.length === 0 ? (
          // A location still being built has no months yet: say so and show where to follow it, not 0 ₽ / 0 %.
          <Stack align="center" gap="xs" py="md" data-testid="actual-empty">
            <EmptyState title={t('finance.emptyIncome')} text={t('finance.noIncomeYetText')} />
            <Button component={Link} to="/dashboard/timeline/" variant="light">
              {t('finance.toTimeline')}
            </Button>
          </Stack>
        ) : !selected ? (
          <LoadingState />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stat
              label={t('finance.monthIncome')}
              value={formatMoney(selected.amount, locale)}
              extra={<Change value={selected.previousMonthIncomePercent} suffix={t('finance.vsPrevious')} />}
              testId="actual-income"
            />
            <Stat
              label={t('finance.occupancy')}
              value={formatPercent(selected.bookingAmount)}
              extra={<Change value={selected.previousMonthBookingPercent} suffix={t('finance.vsPrevious')} />}
            />
          </SimpleGrid>
        )}
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="md">
          {t('finance.occupancyChart')}
        </Title>
        {graph.data ? (
          <div ref={chartBox}>
            <AreaChart
              h={240}
              data={graph.data.points.map((p) => ({
                date: formatShortYearMonth(Number(p.date.slice(0, 7).replace('-', '')), locale),
                value: p.bookingAmount,
              }))}
              dataKey="date"
              series={[{ name: 'value', label: t('finance.occupancy'), color: 'forest.6' }]}
              curveType="monotone"
              // The chart takes the keyboard (its points are read out one by one): it is named after its heading.
              areaChartProps={{ title: t('finance.occupancyChart') }}
              xAxisProps={{
                // Every month keeps its tick, the months that fit their label at even gaps, the newest always.
                padding: { left: MONTH_LABEL_PX / 2, right: MONTH_LABEL_PX / 2 },
                interval: 0,
                tickFormatter: (date: string, index: number) =>
                  labelledPoints(graph.data.points.length, chartWidth, 60, MONTH_LABEL_PX)(index) ? date : '',
              }}
              yAxisProps={{ domain: [0, 100], ticks: [0, 50, 100] }}
              valueFormatter={(value) => formatPercent(value, 1)}
              withDots={false}
            />
          </div>
        ) : graph.isError ? (
          <ErrorState onRetry={() => void graph.refetch()} />
        ) : (
          <LoadingState />
        )}
      </Paper>

      {!soleProprietor && (
        <Paper withBorder radius="md" p="lg" data-testid="ip-request">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={4} maw={560}>
              <Title order={2} size="h4">
                {t('finance.ipTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('finance.ipText')}
              </Text>
            </Stack>
            <Button
              onClick={() => request.mutate()}
              loading={request.isPending}
              disabled={requested}
              data-testid="ip-request-button"
            >
              {requested ? t('finance.requestSent') : t('finance.ipButton')}
            </Button>
          </Group>
          <SuccessBanner visible={sent} text={t('finance.requestSent')} />
        </Paper>
      )}
    </Stack>
  );
}
