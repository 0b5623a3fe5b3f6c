import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';
import { heldLocations, type Reader } from '../access/service.ts';

/** A month of the occupancy chart: its yyyymm and its bounds in Moscow time. */
export type MonthWindow = { month: number; start: Date; end: Date };

/**
 * The booked time (ms) of each unit in each month window, cancelled bookings left out: one row a unit and month.
 * A window that is a whole Moscow month, as the chart's are, reads the total kept by the triggers of migration 061;
 * any other window sums its bookings. The tz database puts Moscow's month bounds before its last change of offset
 * (October 2014) an hour from the portal's fixed UTC+3, so those months are such windows.
 */
export async function bookedTimeByMonth(db: Executor, unitIds: number[], months: MonthWindow[]) {
  if (unitIds.length === 0 || months.length === 0) return [];
  return bookedTimeByMonthStatement(db, {
    unitIds,
    months: months.map((m) => m.month),
    starts: months.map((m) => m.start.toISOString()),
    ends: months.map((m) => m.end.toISOString()),
  });
}

const bookedTimeByMonthStatement = prepared(
  'bookedTimeByMonth',
  (_db, p: { unitIds: number[]; months: number[]; starts: string[]; ends: string[] }) =>
    sql<{ month: number; unit_id: number; booked_ms: number }>`
      select m.month, k.unit_id, k.booked_ms
      from unnest(${p.months}::int[], ${p.starts}::timestamptz[], ${p.ends}::timestamptz[]) as m (month, starts, ends)
      cross join lateral moscow_month(m.month) as w
      -- each branch's condition on the window alone is checked once a window, before any row is read
      cross join lateral (
        select t.unit_id, t.booked_ms from booked_time_by_month t
        where (m.starts, m.ends) = (w.starts, w.ends)
          and t.unit_id = any(${p.unitIds}) and t.year_month = m.month
        union all
        select b.unit_id,
               sum(extract(epoch from least(b.ends_at, m.ends) - greatest(b.starts_at, m.starts)) * 1000)
        from bookings b
        where (m.starts, m.ends) <> (w.starts, w.ends)
          and b.unit_id = any(${p.unitIds}) and b.status != 'cancelled'
          and b.starts_at < m.ends and b.ends_at > m.starts
        group by b.unit_id
      ) as k`,
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
