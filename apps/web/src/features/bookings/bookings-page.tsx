import { Chip, Group, Paper, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import { GUEST_CATEGORY_IDS, UNIT_STATUS_IDS } from '@portal/contract/bookings';
import { addMonths, daysInMonth, yearMonthOf } from '@portal/contract/periods';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { now, nowMs } from '../../shared/clock';
import { dateInputFormat, formatMoney, formatPercent } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { moscowDate } from '../../shared/time';
import { InfoPopover } from '../../shared/ui/info-popover';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { Stat } from '../../shared/ui/stat';
import { BookingGrid } from './booking-grid';
import { buildColumns, buildGrid } from './grid-model';
import { type Part, useBookingLocations, useBookingStatistics, useBookings } from './queries';
import { summaryBlocks } from './summary-blocks';
import { at11, dayAt11, extend, initialWindow, PRESETS, STEP_DAYS, windowFrom } from './window';

/**
 * RevPAR of this month (0) or the last (-1): the month's room revenue over the rooms' nights of that month. The
 * same rooms count in both months: the grid's rooms are today's.
 */
function revpar(revenue: number, rooms: number, monthsBack: 0 | -1): number {
  const month = addMonths(yearMonthOf(nowMs()), monthsBack);
  return Math.round(revenue / (rooms * daysInMonth(month)));
}

/** /dashboard/booking/ (rooms by day) and /dashboard/booking-periphery/ (outbuildings by hour). */
export function BookingsPage({ part }: { part: Part }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const { currentRole, currentLocation } = useSession();
  const bookingLocations = useBookingLocations();
  const lender = currentRole !== 'INVESTOR';
  // Lenders first choose among the booking locations; investors use the layout's location tabs.
  const lenderTabs = (part === 'main' ? bookingLocations.data?.main : bookingLocations.data?.periphery) ?? [];
  const [lenderLocation, setLenderLocation] = useState<number | null>(null);
  const location = lender ? (lenderLocation ?? lenderTabs[0]?.id) : currentLocation?.id;

  const [window, setWindow] = useState(initialWindow);
  const [prepended, setPrepended] = useState(0);
  const [sources, setSources] = useState<string[] | null>(null);
  const bookings = useBookings(part, location, window.start, window.end);
  const statistics = useBookingStatistics(part, location, true);
  const { load: showLoad, summary: showStatistics } = summaryBlocks(statistics.data);
  const granularity = part === 'main' ? 'day' : 'hour';

  // A new location starts again from the initial window with every source.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is what resets the view.
  useEffect(() => {
    setWindow(initialWindow());
    setSources(null);
    setPrepended(0);
  }, [location]);

  const columns = useMemo(
    () => buildColumns(window.start.getTime(), window.end.getTime(), granularity, nowMs()),
    [window, granularity],
  );
  const allSources = useMemo(() => {
    const seen = new Map<number, string>();
    for (const group of bookings.data?.groups ?? [])
      for (const unit of group.units)
        for (const b of unit.bookings)
          if (b.source) seen.set(b.source.id, i18n.language === 'en' ? b.source.nameEn : b.source.name);
    return [...seen].map(([id, name]) => ({ value: String(id), label: name }));
  }, [bookings.data, i18n.language]);
  // Cell states are derived once per data load and filter, never per render.
  const groups = useMemo(
    () =>
      bookings.data
        ? buildGrid(bookings.data, columns, granularity, sources ? new Set(sources.map(Number)) : null)
        : [],
    [bookings.data, columns, granularity, sources],
  );

  const onEdge = (side: 'before' | 'after') => {
    const next = extend(window, side, STEP_DAYS[part]);
    if (next === window) return;
    setPrepended(side === 'before' ? (granularity === 'day' ? STEP_DAYS[part] : STEP_DAYS[part] * 24) : 0);
    setWindow(next);
  };
  const setStart = (start: Date) => {
    setPrepended(0);
    setWindow(windowFrom(start, part));
  };
  const unitCount = groups.reduce((sum, g) => sum + g.units.length, 0);

  return (
    <DatesProvider settings={{ locale }}>
      <Stack gap="md" className="page">
        <Title order={1} size="h2">
          {t(part === 'main' ? 'bookings.title' : 'bookings.titlePeriphery')}
        </Title>
        {lender && lenderTabs.length > 0 && (
          <Tabs value={String(location)} onChange={(value) => value && setLenderLocation(Number(value))}>
            <Tabs.List>
              {lenderTabs.map((l) => (
                <Tabs.Tab key={l.id} value={String(l.id)}>
                  {locale === 'en' ? l.nameEn : l.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        {statistics.data && (showLoad || showStatistics) && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="booking-statistics">
            {showLoad && (
              <Stat
                label={t('bookings.loadToday')}
                value={formatPercent(statistics.data.loadToday.percentOfUnits, 0)}
                extra={
                  <Text size="sm">
                    {t('bookings.unitsOf', {
                      count: statistics.data.loadToday.countOfUnits,
                      total: statistics.data.countOfUnits,
                    })}
                  </Text>
                }
              />
            )}
            {showStatistics && (
              <>
                <Stat
                  label={t('bookings.incomeThisMonth')}
                  value={formatMoney(statistics.data.income.thisMonth, locale)}
                  extra={
                    <Text size="sm">
                      {t('bookings.lastMonth')}: {formatMoney(statistics.data.income.lastMonth, locale)}
                    </Text>
                  }
                />
                <Stat
                  label={t('bookings.guestsToday')}
                  value={String(Object.values(statistics.data.guestsToday).reduce((s, n) => s + n, 0))}
                  extra={
                    <Text size="sm" data-testid="guests-by-category">
                      {t('bookings.guestsByCategory', {
                        arriving: statistics.data.guestsToday[GUEST_CATEGORY_IDS.arriving] ?? 0,
                        staying: statistics.data.guestsToday[GUEST_CATEGORY_IDS.staying] ?? 0,
                        departing: statistics.data.guestsToday[GUEST_CATEGORY_IDS.departing] ?? 0,
                      })}
                    </Text>
                  }
                />
                <Stat
                  label={t('bookings.unitsStatus')}
                  value={t('bookings.freeUnits', {
                    count: statistics.data.unitsStatus[UNIT_STATUS_IDS.free] ?? 0,
                  })}
                  extra={
                    <Text size="sm">
                      {t('bookings.takenUnits', {
                        count:
                          statistics.data.countOfUnits -
                          (statistics.data.unitsStatus[UNIT_STATUS_IDS.free] ?? 0),
                      })}
                    </Text>
                  }
                />
                <Stat
                  label={t('bookings.averagePrice')}
                  hint={
                    part === 'main' ? (
                      <InfoPopover text={t('bookings.helpAdr')} label={t('bookings.adr')} />
                    ) : undefined
                  }
                  value={formatMoney(statistics.data.averageRoomPrice.thisMonth, locale)}
                  extra={
                    <Text size="sm">
                      {t('bookings.lastMonth')}:{' '}
                      {formatMoney(statistics.data.averageRoomPrice.lastMonth, locale)}
                    </Text>
                  }
                />
                {part === 'main' && statistics.data.countOfUnits > 0 && (
                  <Stat
                    label={t('bookings.revpar')}
                    hint={<InfoPopover text={t('bookings.helpRevpar')} label={t('bookings.revpar')} />}
                    value={formatMoney(
                      revpar(statistics.data.income.thisMonth, statistics.data.countOfUnits, 0),
                      locale,
                    )}
                    extra={
                      <Text size="sm">
                        {t('bookings.lastMonth')}:{' '}
                        {formatMoney(
                          revpar(statistics.data.income.lastMonth, statistics.data.countOfUnits, -1),
                          locale,
                        )}
                      </Text>
                    }
                    testId="revpar"
                  />
                )}
              </>
            )}
          </SimpleGrid>
        )}
        <Paper withBorder radius="md" p="md">
          <Group align="end" wrap="wrap" mb="sm">
            <Select
              label={t('bookings.start')}
              placeholder={t('bookings.presetPlaceholder')}
              data={PRESETS.map((p) => ({ value: p.key, label: t(`bookings.presets.${p.key}`) }))}
              onChange={(value) => {
                const preset = PRESETS.find((p) => p.key === value);
                if (preset) setStart(at11(now(), preset.days));
              }}
              w={{ base: '100%', sm: 220 }}
              data-testid="booking-preset"
            />
            <DatePickerInput
              label={t('bookings.date')}
              valueFormat={dateInputFormat(locale)}
              value={moscowDate(window.start.getTime())}
              onChange={(value) => value && setStart(dayAt11(value))}
              w={{ base: '100%', sm: 180 }}
            />
          </Group>
          {allSources.length > 0 && (
            <Chip.Group multiple value={sources ?? allSources.map((s) => s.value)} onChange={setSources}>
              <Group gap={6} mb="sm" data-testid="source-filter">
                {allSources.map((source) => (
                  <Chip key={source.value} value={source.value} size="xs">
                    {source.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
          {location === undefined && bookingLocations.isPending ? (
            <LoadingState />
          ) : location === undefined ? (
            // No location with bookings (a new owner): the query never runs, so it is the empty state at once.
            <EmptyState title={t('bookings.empty')} />
          ) : bookings.isPending ? (
            <LoadingState />
          ) : bookings.isError ? (
            <ErrorState onRetry={() => void bookings.refetch()} />
          ) : unitCount === 0 ? (
            <EmptyState title={t('bookings.empty')} />
          ) : (
            <BookingGrid
              groups={groups}
              columns={columns}
              granularity={granularity}
              onEdge={onEdge}
              prepended={prepended}
            />
          )}
          <Group gap="md" mt="sm" className="booking-legend">
            {['new', 'confirmed', 'checkedout', 'repair', 'both'].map((status) => (
              <Group key={status} gap={6}>
                <span className="booking-legend-swatch" data-status={status} />
                <Text size="xs">{t(`bookings.statuses.${status}`)}</Text>
              </Group>
            ))}
          </Group>
        </Paper>
      </Stack>
    </DatesProvider>
  );
}
