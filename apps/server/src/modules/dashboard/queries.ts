import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';
import { heldLocations, type Reader } from '../access/service.ts';

/** A month of the occupancy chart: its yyyymm and its bounds in Moscow time. */
export type MonthWindow = { month: number; start: Date; end: Date };

/**
 * The booked time (ms) of each unit in each month window, cancelled bookings left out, summed in SQL:
 * one row a unit and month, whatever the number of bookings.
 */
export async function bookedTimeByMonth(db: Executor, unitIds: number[], months: MonthWindow[]) {
  if (unitIds.length === 0 || months.length === 0) return [];
  return bookedTimeByMonthStatement(db, {
    unitIds,
    months: months.map((m) => m.month),
    starts: months.map((m) => m.start.toISOString()),
    ends: months.map((m) => m.end.toISOString()),
    first: months[0]?.start ?? new Date(0),
    last: months.at(-1)?.end ?? new Date(0),
  });
}

const bookedTimeByMonthStatement = prepared(
  'bookedTimeByMonth',
  (
    _db,
    p: { unitIds: number[]; months: number[]; starts: string[]; ends: string[]; first: Date; last: Date },
  ) =>
    sql<{ month: number; unit_id: number; booked_ms: number }>`
      select m.month, b.unit_id,
             sum(extract(epoch from least(b.ends_at, m.ends) - greatest(b.starts_at, m.starts)) * 1000) as booked_ms
      from unnest(${p.months}::int[], ${p.starts}::timestamptz[], ${p.ends}::timestamptz[]) as m (month, starts, ends)
      join bookings b on b.unit_id = any(${p.unitIds})
        and b.status != 'cancelled' and b.starts_at < m.ends and b.ends_at > m.starts
        -- the whole window as constants too, so the index on (unit_id, ends_at, starts_at) bounds the scan
        and b.ends_at > ${p.first}::timestamptz and b.starts_at < ${p.last}::timestamptz
      group by m.month, b.unit_id`,
);

/** The catalogue entry of a location the reader reads (modules/access), the check in the same statement. */
export async function readableLocationEntry(db: Executor, reader: Reader, locationId: number) {
  const [row] = await readableLocationEntryStatement(db, { userId: reader.userId, locationId });
  return row;
}

const readableLocationEntryStatement = prepared(
  'readableLocationEntry',
  (db, { userId, locationId }: { userId: number; locationId: number }) =>
    heldLocations(db, userId)
      .select(['locations.id', 'locations.name', 'locations.name_en', 'locations.info'])
      .where('locations.id', '=', locationId),
);
