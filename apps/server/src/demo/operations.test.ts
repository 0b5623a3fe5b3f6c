import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { OWNER_SHARE } from './operations.ts';
import { seedDemoData } from './seed.ts';

const NOW = new Date('2026-11-22T10:00:00Z');

async function seededDatabase() {
  const database = await openDatabase({ inMemory: true });
  await migrate(database);
  await seedDemoData(database, NOW);
  return database;
}

describe('demo operations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await seededDatabase();
  });
  afterAll(() => database.close());

  it('covers twelve months back and three ahead of the current month', async () => {
    const range = await sql<{ first: string; last: string }>`
      select min(starts_at)::date::text as first, max(starts_at)::date::text as last from bookings`.execute(
      database.db,
    );
    expect(range.rows[0]?.first.slice(0, 7)).toBe('2025-11');
    expect(range.rows[0]?.last.slice(0, 7)).toBe('2027-02');
  });

  it('holds every booking state the grid shows: past, current, future, cancelled, repairs over stays, back-to-back stays', async () => {
    const statuses = (await database.db.selectFrom('bookings').select('status').distinct().execute()).map(
      (r) => r.status,
    );
    expect(statuses).toEqual(expect.arrayContaining(['checkedout', 'checkedin', 'new', 'cancelled']));
    const both = await sql<{ n: number }>`
      select count(*)::int as n from repairs r join bookings b on b.unit_id = r.unit_id
      and b.starts_at < r.ends_at and b.ends_at > r.starts_at and b.status <> 'cancelled'`.execute(
      database.db,
    );
    expect(both.rows[0]?.n).toBeGreaterThan(0);
    const backToBack = await sql<{ n: number }>`
      select count(*)::int as n from bookings a join bookings b on a.unit_id = b.unit_id and a.id <> b.id
      and (a.ends_at at time zone 'Europe/Moscow')::date = (b.starts_at at time zone 'Europe/Moscow')::date
      where a.status <> 'cancelled' and b.status <> 'cancelled'`.execute(database.db);
    expect(backToBack.rows[0]?.n).toBeGreaterThan(0);
  });

  it("pays owners their share of the unit's booking revenue, so incomes agree with bookings", async () => {
    const check = await sql<{ income: number; revenue: number }>`
      select i.amount_kopecks as income,
        (select coalesce(sum(b.sum_kopecks), 0) from bookings b
          where b.unit_id = uu.unit_id and b.status <> 'cancelled'
          and to_char(b.starts_at at time zone 'Europe/Moscow', 'YYYYMM')::int = i.year_month) as revenue
      from incomes i join user_units uu on uu.id = i.user_unit_id
      where i.year_month = 202609`.execute(database.db);
    expect(check.rows.length).toBeGreaterThan(0);
    for (const row of check.rows) expect(row.income).toBe(Math.round(Number(row.revenue) * OWNER_SHARE));
  });

  it('is the same data on every run for the same month', async () => {
    const other = await seededDatabase();
    const digest = (db: Database) =>
      sql<{
        d: string;
      }>`select md5(string_agg(unit_id || status || starts_at::text || sum_kopecks, ',' order by external_id)) as d from bookings`.execute(
        db.db,
      );
    expect((await digest(other)).rows[0]?.d).toBe((await digest(database)).rows[0]?.d);
    await other.close();
  });
});
