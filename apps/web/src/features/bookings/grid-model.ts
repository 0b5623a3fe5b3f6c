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
  const unitOf = granularity === 'day' ? moscowDay : moscowHour;
  const entries: Entry[] = [
    ...bookings.map((booking) => ({
      kind: 'booking' as const,
      booking,
      start: unitOf(Date.parse(booking.startDateTime)),
      end: unitOf(Date.parse(booking.endDateTime) - (granularity === 'hour' ? 1 : 0)),
    })),
    ...repairs.map((repair) => ({
      kind: 'repair' as const,
      repair,
      start: unitOf(Date.parse(repair.startDateTime)),
      end: unitOf(Date.parse(repair.endDateTime) - (granularity === 'hour' ? 1 : 0)),
    })),
  ];
  for (const entry of entries) {
    for (
      let slot = Math.max(entry.start, first);
      slot <= Math.min(entry.end, first + columns.length - 1);
      slot += 1
    ) {
      const index = slot - first;
      const cell = cells.get(index) ?? {
        status: '',
        isStart: false,
        isEnd: false,
        isBorderline: false,
        isMany: false,
        count: 0,
        entries: [],
      };
      cell.entries.push(entry);
      cells.set(index, cell);
    }
  }
  for (const [index, cell] of cells) {
    const slot = first + index;
    const bookingsHere = cell.entries.filter((e) => e.kind === 'booking');
    const repairHere = cell.entries.some((e) => e.kind === 'repair');
    const endsHere = cell.entries.filter((e) => e.end === slot);
    const startsHere = cell.entries.filter((e) => e.start === slot);
    cell.count = cell.entries.length;
    cell.isStart = startsHere.length > 0;
    cell.isEnd = endsHere.length > 0;
    // One stay leaves and the next arrives: a changeover, not a clash.
    cell.isBorderline =
      cell.count === 2 && endsHere.length === 1 && startsHere.length === 1 && endsHere[0] !== startsHere[0];
    cell.isMany = cell.count > 1 && !cell.isBorderline;
    const firstBooking = bookingsHere[0];
    cell.status =
      repairHere && bookingsHere.length > 0
        ? 'both'
        : repairHere
          ? 'repair'
          : firstBooking?.kind === 'booking'
            ? displayStatus(firstBooking.booking.status)
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
