import { CompositeChart } from '@mantine/charts';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@portal/contract/constants';
import type { Inspection } from '@portal/contract/control';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatPercent } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { Stat } from '../../shared/ui/stat';
import { defaultRange, inRange } from './checklist';
import { useLocationInspections } from './queries';

type Range = [Date | null, Date | null];

/** /dashboard/control/: summary, chart, date range and the passed and upcoming checks of the location. */
export function ControlPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const { currentLocation } = useSession();
  const inspections = useLocationInspections(currentLocation?.id);
  const [range, setRange] = useState<Range>(() => defaultRange(new Date()));
  const [tab, setTab] = useState<string | null>('passed');
  const passed = useMemo(
    () => inRange(inspections.data?.completedInspections ?? [], range[0], range[1]),
    [inspections.data, range],
  );
  const chartData = useMemo(
    () =>
      [...passed].reverse().map((i) => ({
        date: formatDate(i.inspectionDate, locale),
        percent: i.percent ?? 0,
        fails: i.statFails,
      })),
    [passed, locale],
  );

  let body: React.ReactNode;
  if (!currentLocation || inspections.isPending) body = <LoadingState />;
  else if (inspections.isError) body = <ErrorState onRetry={() => void inspections.refetch()} />;
  else {
    const data = inspections.data;
    const none = data.completedInspections.length === 0 && data.upcomingInspections.length === 0;
    body = none ? (
      <EmptyState title={t('control.noChecks')} />
    ) : (
      <>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" data-testid="control-summary">
          <Stat label={t('control.averageResult')} value={formatPercent(data.averageResult, 0)} />
          <Stat label={t('control.finishedCount')} value={String(data.finishedInspectionCount)} />
          <Stat label={t('control.lastDate')} value={formatDate(data.lastInspectionDate, locale)} />
        </SimpleGrid>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <DatePickerInput
            type="range"
            label={t('control.period')}
            value={range}
            onChange={(value) => setRange([toDate(value[0]), toDate(value[1])])}
            valueFormat="DD.MM.YYYY"
            maw={320}
            w="100%"
            data-testid="control-range"
            clearable
          />
          <Group gap="xs" data-testid="control-legend">
            {(['material', 'service', 'other'] as const).map((kind) => (
              <KindBadge key={kind} kind={kind} />
            ))}
          </Group>
        </Group>
        {chartData.length > 0 && (
          <Paper withBorder p="md" radius="md" data-testid="control-chart">
            <Text fw={600} mb="sm">
              {t('control.chart')}
            </Text>
            <CompositeChart
              h={240}
              data={chartData}
              dataKey="date"
              withLegend
              withRightYAxis
              yAxisProps={{ domain: [0, 100], tickCount: 3, tickFormatter: (v: number) => `${v}%` }}
              rightYAxisProps={{ allowDecimals: false }}
              series={[
                { name: 'percent', label: t('control.result'), color: 'blue.6', type: 'line' },
                { name: 'fails', label: t('control.fails'), color: 'red.5', type: 'bar', yAxisId: 'right' },
              ]}
            />
          </Paper>
        )}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="passed">
              {t('control.passed')} ({passed.length})
            </Tabs.Tab>
            <Tabs.Tab value="upcoming">
              {t('control.upcoming')} ({data.upcomingInspections.length})
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="passed" pt="md">
            {passed.length === 0 ? (
              <EmptyState
                title={
                  data.completedInspections.length === 0 ? t('control.noChecks') : t('control.noneInPeriod')
                }
              />
            ) : (
              <InspectionTable inspections={passed} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="upcoming" pt="md">
            {data.upcomingInspections.length === 0 ? (
              <EmptyState title={t('control.noChecks')} />
            ) : (
              <InspectionTable inspections={data.upcomingInspections} />
            )}
          </Tabs.Panel>
        </Tabs>
      </>
    );
  }

  return (
    <DatesProvider settings={{ locale }}>
      <Stack gap="md" className="page">
        <Title order={1} size="h2">
          {t('control.title')}
        </Title>
        {body}
      </Stack>
    </DatesProvider>
  );
}

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

function KindBadge({ kind }: { kind: Inspection['inspectionType']['kind'] }) {
  const { t } = useTranslation();
  const color = { material: 'green', service: 'blue', other: 'orange' }[kind];
  return (
    <Badge color={color} variant="light" data-kind={kind}>
      {t(`control.kind.${kind}`)}
    </Badge>
  );
}

function InspectionTable({ inspections }: { inspections: Inspection[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const mobile =
    useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`, window.innerWidth < MOBILE_BREAKPOINT_PX) ??
    false;
  const result = (i: Inspection) =>
    i.factRate === null ? '—' : `${i.factRate}/${i.maxRate} (${i.percent}%)`;
  if (mobile)
    return (
      <Stack gap="sm" data-testid="inspection-table">
        {inspections.map((i) => (
          <Paper key={i.id} withBorder p="sm" radius="md" data-testid="inspection-row">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{formatDate(i.inspectionDate, locale)}</Text>
              <KindBadge kind={i.inspectionType.kind} />
            </Group>
            <Anchor component={Link} to={`/dashboard/control/inspection/${i.id}`} fw={600}>
              {locale === 'en' ? i.patternNameEn : i.patternName}
            </Anchor>
            {i.isCompleted && (
              <Text size="sm">
                {t('control.result')}: {result(i)} · {t('control.fails')}: {i.statFails}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover data-testid="inspection-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('control.date')}</Table.Th>
            <Table.Th>{t('control.inspection')}</Table.Th>
            <Table.Th>{t('control.type')}</Table.Th>
            <Table.Th>{t('control.result')}</Table.Th>
            <Table.Th>{t('control.fails')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inspections.map((i) => (
            <Table.Tr key={i.id} data-testid="inspection-row">
              <Table.Td>{formatDate(i.inspectionDate, locale)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/control/inspection/${i.id}`}>
                  {locale === 'en' ? i.patternNameEn : i.patternName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <KindBadge kind={i.inspectionType.kind} />
              </Table.Td>
              <Table.Td>{i.factRate === null ? '—' : `${i.factRate}/${i.maxRate} (${i.percent}%)`}</Table.Td>
              <Table.Td>{i.isCompleted ? i.statFails : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
