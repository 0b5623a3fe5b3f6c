import type { Booking, BookingStatus, BookingsResponse, Repair } from '@portal/contract/bookings';
import { DAY_MS, moscowDay, moscowHour } from '../../shared/time';

/**
 * The booking grid's cells, derived once per data load (spec, operational areas: Entities and their fields; States and
 * transitions): a column per Moscow day (rooms) or per hour (outbuildings); a cell knows its status, whether a stay starts, ends or changes over
 * there, and how many entries meet in it.
 */

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

const dayToDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** 'checkedin' shows as 'new'; the other statuses as they are. */
export function displayStatus(status: BookingStatus): Exclude<BookingStatus, 'checkedin'> {
  return status === 'checkedin' ? 'new' : status;
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
 * One pass over the entries, with the marks kept in typed arrays by column.
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
  const starts = new Uint8Array(columns.length);
  const ends = new Uint8Array(columns.length);
  const repaired = new Uint8Array(columns.length);
  const firstBooking: Array<Booking | undefined> = [];
  const add = (entry: Entry) => {
    const from = Math.max(entry.start, first);
    const to = Math.min(entry.end, last);
    for (let slot = from; slot <= to; slot += 1) {
      const index = slot - first;
      let cell = cells.get(index);
      if (!cell) {
        cell = {
          status: '',
          isStart: false,
          isEnd: false,
          isBorderline: false,
          isMany: false,
          count: 0,
          entries: [],
        };
        cells.set(index, cell);
      }
      cell.entries.push(entry);
      cell.count += 1;
      if (slot === entry.start) starts[index] = (starts[index] ?? 0) + 1;
      if (slot === entry.end) ends[index] = (ends[index] ?? 0) + 1;
      if (entry.kind === 'repair') repaired[index] = 1;
      else firstBooking[index] ??= entry.booking;
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
    const booking = firstBooking[index];
    cell.isStart = (starts[index] ?? 0) > 0;
    cell.isEnd = (ends[index] ?? 0) > 0;
    // One stay leaves and the next arrives: a changeover, not a clash.
    cell.isBorderline =
      cell.count === 2 && starts[index] === 1 && ends[index] === 1 && cell.entries[0] !== cell.entries[1];
    cell.isMany = cell.count > 1 && !cell.isBorderline;
    cell.status =
      repaired[index] && booking
        ? 'both'
        : repaired[index]
          ? 'repair'
          : booking
            ? displayStatus(booking.status)
            : '';
  }
  return cells;
}

/**
 * Counts into `taken` the columns where the unit is occupied: a night for rooms (the check-out day is free
 * again), an hour for outbuildings; repairs occupy too. No cells are built: the free-units row needs only this.
 */
function countTaken(
  entries: Array<{ startDateTime: string; endDateTime: string }>,
  columns: GridColumn[],
  granularity: Granularity,
  taken: Uint16Array,
) {
  const first = columns[0]?.start ?? 0;
  const occupied = new Uint8Array(columns.length);
  const slotOf = granularity === 'day' ? moscowDay : moscowHour;
  for (const entry of entries) {
    const start = slotOf(Date.parse(entry.startDateTime));
    // Rooms: the nights up to the check-out day; outbuildings: every hour the booking touches.
    const end =
      granularity === 'day'
        ? slotOf(Date.parse(entry.endDateTime))
        : slotOf(Date.parse(entry.endDateTime) - 1) + 1;
    occupied.fill(1, Math.max(0, start - first), Math.max(0, Math.min(columns.length, end - first)));
  }
  occupied.forEach((value, index) => {
    taken[index] = (taken[index] ?? 0) + value;
  });
}

/** Groups with their units' cells and the count of free units per column; cancelled bookings and filtered sources drop out. */
export function buildGrid(
  response: BookingsResponse,
  columns: GridColumn[],
  granularity: Granularity,
  sources: Set<number> | null,
): GridGroup[] {
  return response.groups.map((group) => {
    const taken = new Uint16Array(columns.length);
    const units = group.units.map((unit) => {
      const bookings = unit.bookings.filter(
        (b) => b.status !== 'cancelled' && (!sources || (b.source !== null && sources.has(b.source.id))),
      );
      countTaken([...bookings, ...unit.repairs], columns, granularity, taken);
      let cells: Map<number, Cell> | undefined;
      return {
        id: unit.id,
        name: unit.name,
        nameEn: unit.nameEn,
        unitNumber: unit.unitNumber,
        isOwn: unit.isOwn,
        // Built when the row is first drawn, then kept: the cells of rows never scrolled to cost nothing.
        get cells() {
          cells ??= unitCells(bookings, unit.repairs, columns, granularity);
          return cells;
        },
      };
    });
    const free = Array.from(taken, (count) => units.length - count);
    return { name: group.name, nameEn: group.nameEn, units, free };
  });
}
