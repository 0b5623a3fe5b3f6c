import {
  Anchor,
  Badge,
  Chip,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@portal/contract/constants';
import {
  INSPECTION_FILTER_ALL,
  INSPECTION_KIND_IDS,
  INSPECTION_KINDS,
  type Inspection,
  type InspectionKind,
} from '@portal/contract/control';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { todayIso } from '../../shared/clock';
import { dateInputFormat, formatDate, formatPercent } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { CompositeChart } from '../../shared/ui/lazy-charts';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { ScrollCue } from '../../shared/ui/scroll-cue';
import { Stat } from '../../shared/ui/stat';
import { byType, defaultRange, inRange } from './checklist';
import { useLocationInspections } from './queries';

type Range = [string | null, string | null];

/** /dashboard/control/: summary, chart, date range and the passed and upcoming checks of the location. */
export function ControlPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const { currentLocation } = useSession();
  const inspections = useLocationInspections(currentLocation?.id);
  const [range, setRange] = useState<Range>(() => defaultRange(todayIso()));
  const [tab, setTab] = useState<string | null>('passed');
  // The spec's control state: selectedDates (the range) and currentFilterId (the inspection type, 0 all).
  const [currentFilterId, setCurrentFilterId] = useState(INSPECTION_FILTER_ALL);
  const passed = useMemo(
    () => byType(inRange(inspections.data?.completedInspections ?? [], range[0], range[1]), currentFilterId),
    [inspections.data, range, currentFilterId],
  );
  const upcoming = useMemo(
    () => byType(inspections.data?.upcomingInspections ?? [], currentFilterId),
    [inspections.data, currentFilterId],
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
  if (!currentLocation) body = <EmptyState title={t('control.noChecks')} />;
  else if (inspections.isPending) body = <LoadingState />;
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
            onChange={(value) => setRange([value[0], value[1]])}
            valueFormat={dateInputFormat(locale)}
            clearButtonProps={{ 'aria-label': t('common.clear') }}
            maw={320}
            w="100%"
            data-testid="control-range"
            clearable
          />
          <Group gap="xs" data-testid="control-legend">
            {INSPECTION_KINDS.map((kind) => (
              <KindBadge key={kind} kind={kind} />
            ))}
          </Group>
        </Group>
        <Chip.Group value={String(currentFilterId)} onChange={(value) => setCurrentFilterId(Number(value))}>
          <Group gap="xs" role="radiogroup" aria-label={t('control.filter')} data-testid="control-filter">
            {[INSPECTION_FILTER_ALL, ...INSPECTION_KINDS.map((kind) => INSPECTION_KIND_IDS[kind])].map(
              (id) => (
                <Chip key={id} value={String(id)} size="sm" type="radio">
                  {id === INSPECTION_FILTER_ALL ? t('control.filterAll') : t(`control.kind.${kindOf(id)}`)}
                </Chip>
              ),
            )}
          </Group>
        </Chip.Group>
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
              {t('control.upcoming')} ({upcoming.length})
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="passed" pt="md">
            {passed.length === 0 ? (
              <EmptyState
                title={
                  byType(data.completedInspections, currentFilterId).length === 0
                    ? t('control.noChecks')
                    : t('control.noneInPeriod')
                }
              />
            ) : (
              <InspectionTable inspections={passed} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="upcoming" pt="md">
            {upcoming.length === 0 ? (
              <EmptyState title={t('control.noChecks')} />
            ) : (
              <InspectionTable inspections={upcoming} />
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

const kindOf = (typeId: number): InspectionKind =>
  INSPECTION_KINDS.find((kind) => INSPECTION_KIND_IDS[kind] === typeId) ?? 'other';

function KindBadge({ kind, label }: { kind: InspectionKind; label?: string }) {
  const { t } = useTranslation();
  const color = { material: 'green', service: 'blue', other: 'orange' }[kind];
  return (
    <Badge color={color} variant="light" data-kind={kind}>
      {label ?? t(`control.kind.${kind}`)}
    </Badge>
  );
}

/** The row's type as the server labels it ({label, color}), in the page's language. */
function TypeBadge({ inspection, locale }: { inspection: Inspection; locale: 'ru' | 'en' }) {
  const type = inspection.inspectionType;
  return <KindBadge kind={kindOf(type.id)} label={locale === 'en' ? type.labelEn : type.label} />;
}

function InspectionTable({ inspections }: { inspections: Inspection[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const mobile =
    useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`, window.innerWidth < MOBILE_BREAKPOINT_PX) ??
    false;
  const result = (i: Inspection) => i.result || '—';
  if (mobile)
    return (
      <Stack gap="sm" data-testid="inspection-table">
        {inspections.map((i) => (
          <Paper key={i.id} withBorder p="sm" radius="md" data-testid="inspection-row">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{formatDate(i.inspectionDate, locale)}</Text>
              <TypeBadge inspection={i} locale={locale} />
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
    <ScrollCue minWidth={560} label={t('control.title')}>
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
                <TypeBadge inspection={i} locale={locale} />
              </Table.Td>
              <Table.Td>{result(i)}</Table.Td>
              <Table.Td>{i.isCompleted ? i.statFails : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollCue>
  );
}
