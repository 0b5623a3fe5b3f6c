import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  type ReactNode,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDayMonth,
  formatLongDate,
  formatMoney,
  formatShortDateTime,
  formatYearMonth,
} from '../../shared/format';
import type { Cell, Granularity, GridColumn, GridGroup } from './grid-model';

const NAME_WIDTH = 180;
/** At 768 px and below the names column is narrower, so a phone shows more dates or hours. */
const NAME_WIDTH_NARROW = 104;
const HEADER_HEIGHT = 44;
const ROW_HEIGHT = 32;
/**
 * Scrolling this close to an edge asks for more dates there, then edge events rest for 1500 ms (spec: Business
 * constants and limits).
 */
export const EDGE_PX = 20;
export const EDGE_PAUSE_MS = 1500;
/** A table under 3 units is small: it takes only the height it needs. */
const SMALL_TABLE_UNITS = 3;
/**
 * Rows render whole chunks of columns, so a horizontal scroll re-renders them only when the view crosses a
 * chunk boundary, not on every frame.
 */
const COLUMN_CHUNK = 8;

type Row = { kind: 'group'; group: GridGroup } | { kind: 'unit'; unit: GridGroup['units'][number] };

export type GridProps = {
  groups: GridGroup[];
  columns: GridColumn[];
  granularity: Granularity;
  onEdge: (side: 'before' | 'after') => void;
  /** Columns added at the start since the last render: the view shifts by them to stay where it was. */
  prepended: number;
};

/** The bookings grid: rows and columns are virtualized, so only what is visible is in the page. */
export function BookingGrid({ groups, columns, granularity, onEdge, prepended }: GridProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const scrollRef = useRef<HTMLElement>(null);
  // On the monotonic clock: the rest is a span of real time, not a moment of the portal's day.
  const restingUntil = useRef(0);
  const scrolled = useRef(false);
  const [tip, setTip] = useState<Tip>(null);
  const columnWidth = granularity === 'day' ? 36 : 28;
  const nameWidth = useMediaQuery('(max-width: 48em)') ? NAME_WIDTH_NARROW : NAME_WIDTH;
  const rows = useMemo<Row[]>(
    () =>
      groups.flatMap((group) => [
        { kind: 'group' as const, group },
        ...group.units.map((unit) => ({ kind: 'unit' as const, unit })),
      ]),
    [groups],
  );
  const unitCount = groups.reduce((sum, g) => sum + g.units.length, 0);

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
    // Both virtualizers listen to the same scroll: one batched render, not two with a forced layout between.
    useFlushSync: false,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => columnWidth,
    overscan: 4,
    useFlushSync: false,
  });

  // Prepending dates must not move what the user looks at.
  useLayoutEffect(() => {
    if (prepended > 0 && scrollRef.current) scrollRef.current.scrollLeft += prepended * columnWidth;
  }, [prepended, columnWidth]);

  // The initial window is a few days: grow it until the grid is wider than the view, so scrolling can begin.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of columns is what may leave the view unfilled.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && element.scrollWidth <= element.clientWidth + EDGE_PX) onEdge('after');
  }, [columns.length]);

  // A scroll that ends at an edge while edge events rest fires no further scroll event (a touch swipe's momentum
  // stops there, and swiping on against the edge scrolls nothing): the edge is looked at again when the rest ends,
  // so the dates keep coming without the owner swiping back first.
  const recheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(recheck.current), []);
  const onScroll = () => {
    scrolled.current = true;
    const element = scrollRef.current;
    if (!element) return;
    const rest = restingUntil.current - performance.now();
    if (rest > 0) {
      if (recheck.current === undefined)
        recheck.current = setTimeout(() => {
          recheck.current = undefined;
          // The latest render's handler: its onEdge extends the window as it is now.
          latestOnScroll.current();
        }, rest);
      return;
    }
    if (element.scrollLeft <= EDGE_PX) {
      restingUntil.current = performance.now() + EDGE_PAUSE_MS;
      onEdge('before');
    } else if (element.scrollLeft + element.clientWidth >= element.scrollWidth - EDGE_PX) {
      restingUntil.current = performance.now() + EDGE_PAUSE_MS;
      onEdge('after');
    }
  };
  const latestOnScroll = useRef(onScroll);
  latestOnScroll.current = onScroll;

  /** The booked cell under the pointer (or focused), found from its row and column marks. */
  const tipAt = (target: EventTarget, x: number, y: number): Tip => {
    const button = (target as Element).closest?.('[data-column]');
    const rowIndex = Number(button?.closest('[data-row]')?.getAttribute('data-row'));
    const row = rows[rowIndex];
    const cell =
      row?.kind === 'unit' ? row.unit.cells.get(Number(button?.getAttribute('data-column'))) : undefined;
    return cell ? { cell, x, y } : null;
  };

  const width = nameWidth + columnVirtualizer.getTotalSize();
  const height = HEADER_HEIGHT + rowVirtualizer.getTotalSize();
  // Once the user scrolls, what the view shows follows as a deferred update: React renders it in slices between
  // frames, so a fast scroll never holds a frame, and the cells catch up a frame or two later. The first fill is
  // rendered at once.
  const live = { rows: rowVirtualizer.getVirtualItems(), columns: columnVirtualizer.getVirtualItems() };
  const deferred = useDeferredValue(live);
  const view = scrolled.current ? deferred : live;
  const virtualColumns = view.columns;
  const firstColumn = Math.floor((virtualColumns[0]?.index ?? 0) / COLUMN_CHUNK) * COLUMN_CHUNK;
  const lastColumn = Math.min(
    columns.length - 1,
    Math.ceil(((virtualColumns.at(-1)?.index ?? -1) + 1) / COLUMN_CHUNK) * COLUMN_CHUNK - 1,
  );
  const locale = en ? 'en' : 'ru';

  return (
    // The grid scrolls, so it is a named region that takes the focus itself (WCAG 2.1.1): a window of hours with no
    // booking has no cell button to reach it by. The handlers are the cells' own, delegated: the cells are buttons,
    // and focusing one by keyboard shows its tooltip.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users reach the cell buttons, whose focus shows the tooltip.
    <section
      ref={scrollRef}
      className="booking-grid"
      aria-label={t(granularity === 'hour' ? 'bookings.titlePeriphery' : 'bookings.title')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      data-small={unitCount < SMALL_TABLE_UNITS || undefined}
      onScroll={onScroll}
      onMouseOver={(event) => setTip(tipAt(event.target, event.clientX, event.clientY))}
      onMouseLeave={() => setTip(null)}
      onClick={(event) => setTip(tipAt(event.target, event.clientX, event.clientY))}
      onFocus={(event) => {
        const box = (event.target as Element).getBoundingClientRect();
        setTip(tipAt(event.target, box.left + box.width / 2, box.bottom));
      }}
      onBlur={() => setTip(null)}
      data-testid="booking-grid"
    >
      <div
        className="booking-grid-body"
        style={{
          width,
          height,
          position: 'relative',
          backgroundSize: `${columnWidth}px 100%`,
          backgroundPositionX: nameWidth,
        }}
      >
        {/* Weekend and today columns are one stripe each behind the rows, not a mark on every cell. */}
        {virtualColumns.map((virtual) => {
          const column = columns[virtual.index];
          if (!column || !(column.isWeekend || (granularity === 'day' && column.isToday))) return null;
          return (
            <div
              key={virtual.key}
              className="booking-grid-stripe"
              data-weekend={column.isWeekend || undefined}
              data-today={(granularity === 'day' && column.isToday) || undefined}
              style={{ left: nameWidth + virtual.start, width: virtual.size, top: HEADER_HEIGHT }}
            />
          );
        })}
        <div className="booking-grid-header" style={{ width, height: HEADER_HEIGHT }}>
          <div className="booking-grid-corner" style={{ width: nameWidth, height: HEADER_HEIGHT }} />
          {virtualColumns.map((virtual) => {
            const column = columns[virtual.index];
            if (!column) return null;
            const first = virtual.index === virtualColumns[0]?.index;
            const top =
              granularity === 'day'
                ? column.isMonthStart || first
                  ? formatYearMonth(Number(column.date.slice(0, 7).replace('-', '')), locale)
                  : ''
                : column.hour === 0 || first
                  ? formatDayMonth(column.date, locale)
                  : '';
            return (
              <div
                key={virtual.key}
                className="booking-grid-head"
                data-weekend={column.isWeekend || undefined}
                data-today={column.isToday || undefined}
                style={{ left: nameWidth + virtual.start, width: virtual.size, height: HEADER_HEIGHT }}
              >
                <span className="booking-grid-month">{top}</span>
                <span>{column.label}</span>
              </div>
            );
          })}
        </div>
        {view.rows.map((virtualRow) => {
          const row = rows[virtualRow.index];
          if (!row) return null;
          return (
            <GridRow
              key={virtualRow.key}
              row={row}
              rowIndex={virtualRow.index}
              top={HEADER_HEIGHT + virtualRow.start}
              width={width}
              columns={columns}
              from={firstColumn}
              to={lastColumn}
              columnWidth={columnWidth}
              nameWidth={nameWidth}
              granularity={granularity}
            />
          );
        })}
      </div>
      {tip && <BookingTooltip cell={tip.cell} x={tip.x} y={tip.y} />}
    </section>
  );
}

type Tip = { cell: Cell; x: number; y: number } | null;

type GridRowProps = {
  row: Row;
  rowIndex: number;
  top: number;
  width: number;
  columns: GridColumn[];
  from: number;
  to: number;
  columnWidth: number;
  nameWidth: number;
  granularity: Granularity;
};

/**
 * One row of the grid. Columns have a fixed width, so a row needs only the visible column range: a vertical
 * scroll leaves the rows that stay in view untouched.
 */
const GridRow = memo(function GridRow({
  row,
  rowIndex,
  top,
  width,
  columns,
  from,
  to,
  columnWidth,
  nameWidth,
  granularity,
}: GridRowProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const slots: ReactNode[] = [];
  const unitName = row.kind === 'unit' ? (en ? row.unit.nameEn : row.unit.name) : '';
  for (let index = from; index <= to; index += 1) {
    const column = columns[index];
    const style = { left: nameWidth + index * columnWidth, width: columnWidth };
    const weekend = column?.isWeekend || undefined;
    if (row.kind === 'group') {
      slots.push(
        <div key={index} className="booking-grid-free" style={style} data-weekend={weekend}>
          {row.group.free[index]}
        </div>,
      );
      continue;
    }
    const cell = row.unit.cells.get(index);
    // A free cell is nothing: the grid's lines and the weekend and today stripes lie behind the row.
    if (!cell) continue;
    const today = (granularity === 'day' && column?.isToday) || undefined;
    const state = t(`bookings.statuses.${cell.status}`, { defaultValue: cell.status });
    // A booked cell is a button: hover shows its tooltip; a tap, or focus from the keyboard, too (the grid
    // listens for them once, rather than every cell holding its own handlers).
    slots.push(
      <button
        type="button"
        key={index}
        className="booking-grid-cell"
        style={style}
        data-weekend={weekend}
        data-today={today}
        data-status={cell.status || undefined}
        data-start={cell.isStart || undefined}
        data-end={cell.isEnd || undefined}
        data-borderline={cell.isBorderline || undefined}
        data-many={cell.isMany || undefined}
        data-column={index}
        // The cell's accessible name: its date (and hour), the unit and its state; no extra node per cell. A cell
        // that shows a count names it as a word of its own, so the visible «2» is part of the name on every date.
        aria-label={`${column ? cellDate(column, granularity, en) : ''}, ${unitName}, ${state}${cell.isMany ? `, ${t('plural.entry', { count: cell.count })}` : ''}`}
      >
        {cell.isMany ? cell.count : ''}
      </button>,
    );
  }
  return (
    <div
      className={row.kind === 'group' ? 'booking-grid-row booking-grid-group' : 'booking-grid-row'}
      style={{ top, height: ROW_HEIGHT, width }}
      data-row={rowIndex}
    >
      <div
        className="booking-grid-name"
        style={{ width: nameWidth }}
        // The whole name on hover and long press, wherever the column is too narrow for it (375 px).
        title={row.kind === 'group' ? undefined : unitTitle(row.unit, unitName, t('bookings.ownUnit'))}
      >
        {/* The own mark first, so a long name never pushes it out of the narrow column. */}
        {row.kind === 'unit' && row.unit.isOwn && (
          <span className="booking-grid-own" title={t('bookings.ownUnit')} data-testid="own-unit" />
        )}
        {/* Up to two lines: on a phone «Джуниор сюит 12» and «Джуниор сюит 14» stay apart. */}
        <span className="booking-grid-label">
          {row.kind === 'group' ? (en ? row.group.nameEn : row.group.name) : unitName}
        </span>
      </div>
      {slots}
    </div>
  );
});

/** A unit row's tooltip: its whole name, its number when it has one, and whether it is the owner's. */
function unitTitle(unit: { unitNumber?: string | null; isOwn?: boolean }, name: string, own: string) {
  const number = unit.unitNumber && !name.includes(unit.unitNumber) ? ` (${unit.unitNumber})` : '';
  return `${name}${number}${unit.isOwn ? ` · ${own}` : ''}`;
}

/** The date of a column as a cell's name says it: the day, and for hourly grids the hour too. */
function cellDate(column: GridColumn, granularity: Granularity, en: boolean) {
  const day = formatLongDate(column.date, en ? 'en' : 'ru');
  return granularity === 'day' ? day : `${day} ${column.label}:00`;
}

function BookingTooltip({ cell, x, y }: { cell: Cell; x: number; y: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  return (
    <div
      className="booking-tooltip"
      style={{ left: Math.min(x + 12, window.innerWidth - 260), top: y + 12 }}
      role="tooltip"
      data-testid="booking-tooltip"
    >
      {cell.entries.map((entry) =>
        entry.kind === 'booking' ? (
          <div key={`b${entry.booking.id}`} className="booking-tooltip-entry">
            <Text size="xs" fw={600}>
              {formatShortDateTime(entry.booking.startDateTime, locale)} —{' '}
              {formatShortDateTime(entry.booking.endDateTime, locale)}
            </Text>
            <Text size="xs">
              {t('bookings.status')}:{' '}
              {t(`bookings.statuses.${entry.booking.status === 'checkedin' ? 'new' : entry.booking.status}`, {
                defaultValue: entry.booking.status,
              })}
            </Text>
            <Text size="xs">
              {t('bookings.guests')}: {entry.booking.guestAmount}
            </Text>
            {entry.booking.source && (
              <Text size="xs">
                {t('bookings.source')}:{' '}
                {i18n.language === 'en' ? entry.booking.source.nameEn : entry.booking.source.name}
              </Text>
            )}
            <Text size="xs">
              {t('bookings.paid')}: {formatMoney(entry.booking.paid, locale)} /{' '}
              {formatMoney(entry.booking.sum, locale)}
            </Text>
          </div>
        ) : (
          <div key={`r${entry.start}`} className="booking-tooltip-entry">
            <Text size="xs" fw={600}>
              {t('bookings.repair')}: {formatShortDateTime(entry.repair.startDateTime, locale)} —{' '}
              {formatShortDateTime(entry.repair.endDateTime, locale)}
            </Text>
            <Text size="xs">{entry.repair.description}</Text>
          </div>
        ),
      )}
    </div>
  );
}
