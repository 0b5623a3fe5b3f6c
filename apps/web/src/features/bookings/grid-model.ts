import type { Booking, BookingsResponse, Repair } from '@portal/contract/bookings';

/**
 * The booking grid's cells, derived once per data load (spec document 2, §3 and §4): a column per Moscow day
 * (rooms) or per hour (outbuildings); a cell knows its status, whether a stay starts, ends or changes over
 * there, and how many entries meet in it.
 */

const MOSCOW_MS = 3 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type Granularity = 'day' | 'hour';
export type CellStatus = string;

export type Entry =
  | { kind: 'booking'; booking: Booking; start: number; end: number }
  | { kind: 'repair'; repair: Repair; start: number; end: number };

export type Cell = {
  status: CellStatus;
  isStart: boolean;
  isEnd: boolean;
  isBorderline: boolean;
  isMany: boolean;
  count: number;
  entries: Entry[];
};

export type GridUnit = {
  id: number;
  name: string;
  nameEn: string;
  unitNumber: string | null;
  isOwn: boolean;
  cells: Map<number, Cell>;
};
export type GridGroup = { name: string; nameEn: string; units: GridUnit[]; free: number[] };
export type GridColumn = {
  index: number;
  start: number;
  label: string;
  date: string;
  hour: number;
  isWeekend: boolean;
  isToday: boolean;
  isMonthStart: boolean;
};

/** Moscow calendar day number of an instant (days since the epoch). */
export const moscowDay = (ms: number) => Math.floor((ms + MOSCOW_MS) / DAY_MS);
const moscowHour = (ms: number) => Math.floor((ms + MOSCOW_MS) / HOUR_MS);
const dayToDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** 'checkedin' shows as 'new'; other upstream statuses stay as they are, lowercased. */
export function displayStatus(status: string): string {
  const lower = status.toLowerCase();
  return lower === 'checkedin' ? 'new' : lower;
}

export function buildColumns(
  startMs: number,
  endMs: number,
  granularity: Granularity,
  nowMs: number,
): GridColumn[] {
  const columns: GridColumn[] = [];
  const today = moscowDay(nowMs);
  if (granularity === 'day') {
    for (let day = moscowDay(startMs); day < moscowDay(endMs - 1) + 1; day += 1) {
      const date = dayToDate(day);
      const weekday = new Date(day * DAY_MS).getUTCDay();
      columns.push({
        index: columns.length,
        start: day,
        label: date.slice(8, 10),
        date,
        hour: 0,
        isWeekend: weekday === 0 || weekday === 6,
        isToday: day === today,
        isMonthStart: date.endsWith('-01'),
      });
    }
  } else {
    for (let hour = moscowHour(startMs); hour < moscowHour(endMs - 1) + 1; hour += 1) {
      const day = Math.floor(hour / 24);
      const date = dayToDate(day);
      const weekday = new Date(day * DAY_MS).getUTCDay();
      columns.push({
        index: columns.length,
        start: hour,
        label: String(hour % 24).padStart(2, '0'),
        date,
        hour: hour % 24,
        isWeekend: weekday === 0 || weekday === 6,
        isToday: day === today,
        isMonthStart: date.endsWith('-01') && hour % 24 === 0,
      });
    }
  }
  return columns;
}

/**
 * The cells of one unit. A room stay covers its check-in day to its check-out day: the first is its start, the
 * last its end; a day where one stay ends and another starts is borderline. Outbuildings are booked by the hour.
 * One pass over the entries fills an array indexed by column: 500 units over a year stay within a frame's budget.
 */
export function unitCells(
  bookings: Booking[],
  repairs: Repair[],
  columns: GridColumn[],
  granularity: Granularity,
): Map<number, Cell> {
  const cells = new Map<number, Cell>();
  if (columns.length === 0) return cells;
  const first = columns[0]?.start ?? 0;
  const last = first + columns.length - 1;
  const slotOf = granularity === 'day' ? moscowDay : moscowHour;
  const endOffset = granularity === 'hour' ? 1 : 0;
  const tally = new Map<number, { starts: number; ends: number; repair: boolean; booking: Booking | null }>();
  const add = (entry: Entry) => {
    for (let slot = Math.max(entry.start, first); slot <= Math.min(entry.end, last); slot += 1) {
      const index = slot - first;
      let cell = cells.get(index);
      let marks = tally.get(index);
      if (!cell || !marks) {
        cell = {
          status: '',
          isStart: false,
          isEnd: false,
          isBorderline: false,
          isMany: false,
          count: 0,
          entries: [],
        };
        marks = { starts: 0, ends: 0, repair: false, booking: null };
        cells.set(index, cell);
        tally.set(index, marks);
      }
      cell.entries.push(entry);
      cell.count += 1;
      if (slot === entry.start) marks.starts += 1;
      if (slot === entry.end) marks.ends += 1;
      if (entry.kind === 'repair') marks.repair = true;
      else marks.booking ??= entry.booking;
    }
  };
  for (const booking of bookings) {
    add({
      kind: 'booking',
      booking,
      start: slotOf(Date.parse(booking.startDateTime)),
      end: slotOf(Date.parse(booking.endDateTime) - endOffset),
    });
  }
  for (const repair of repairs) {
    add({
      kind: 'repair',
      repair,
      start: slotOf(Date.parse(repair.startDateTime)),
      end: slotOf(Date.parse(repair.endDateTime) - endOffset),
    });
  }
  for (const [index, cell] of cells) {
    const marks = tally.get(index);
    if (!marks) continue;
    cell.isStart = marks.starts > 0;
    cell.isEnd = marks.ends > 0;
    // One stay leaves and the next arrives: a changeover, not a clash.
    cell.isBorderline =
      cell.count === 2 && marks.starts === 1 && marks.ends === 1 && cell.entries[0] !== cell.entries[1];
    cell.isMany = cell.count > 1 && !cell.isBorderline;
    cell.status =
      marks.repair && marks.booking
        ? 'both'
        : marks.repair
          ? 'repair'
          : marks.booking
            ? displayStatus(marks.booking.status)
            : '';
  }
  return cells;
}

/** Whether the unit is taken in the slot: a night for rooms (the check-out day is free again), an hour for outbuildings. */
function isTaken(cell: Cell | undefined, slot: number, granularity: Granularity): boolean {
  return Boolean(
    cell?.entries.some((e) =>
      granularity === 'day' ? e.start <= slot && slot < e.end : e.start <= slot && slot <= e.end,
    ),
  );
}

/** Groups with their units' cells and the count of free units per column; cancelled bookings and filtered sources drop out. */
export function buildGrid(
  response: BookingsResponse,
  columns: GridColumn[],
  granularity: Granularity,
  sources: Set<number> | null,
): GridGroup[] {
  const first = columns[0]?.start ?? 0;
  return response.groups.map((group) => {
    const units = group.units.map((unit) => {
      const bookings = unit.bookings.filter(
        (b) => b.status !== 'cancelled' && (!sources || (b.source !== null && sources.has(b.source.id))),
      );
      return {
        id: unit.id,
        name: unit.name,
        nameEn: unit.nameEn,
        unitNumber: unit.unitNumber,
        isOwn: unit.isOwn,
        cells: unitCells(bookings, unit.repairs, columns, granularity),
      };
    });
    const free = columns.map(
      (column) =>
        units.filter((unit) => !isTaken(unit.cells.get(column.index), first + column.index, granularity))
          .length,
    );
    return { name: group.name, nameEn: group.nameEn, units, free };
  });
}
