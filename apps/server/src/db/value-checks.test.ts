import { readFile } from 'node:fs/promises';
import { BOOKING_STATUSES, type BookingStatus } from '@portal/contract/bookings';
import { REQUEST_KINDS, type RequestKindCode } from '@portal/contract/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * The contract's booking statuses and request kinds are the only values the database takes, whoever writes them
 * (the import and the services check them first; this is the last line).
 */
describe('value checks of the database', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test?.close());

  const db = () => test.ctx.database.db;
  const CHECK_VIOLATION = { code: '23514' };
  const booking = (status: string, externalId: string) =>
    db()
      .insertInto('bookings')
      .values({
        unit_id: 1,
        starts_at: '2031-05-01T11:00:00Z',
        ends_at: '2031-05-02T09:00:00Z',
        // A value the typed schema would refuse, as a raw writer could send it.
        status: status as BookingStatus,
        external_id: externalId,
      })
      .execute();
  const request = (kind: string) =>
    db()
      .insertInto('requests')
      .values({ user_id: 1, manager_id: null, kind: kind as RequestKindCode, payload: '{}' })
      .execute();

  it('refuses a booking status the contract does not define, the booking system casing included', async () => {
    await expect(booking('arrived', 'check-1')).rejects.toMatchObject(CHECK_VIOLATION);
    await expect(booking('checkedIn', 'check-2')).rejects.toMatchObject(CHECK_VIOLATION);
    for (const [i, status] of BOOKING_STATUSES.entries()) await booking(status, `check-ok-${i}`);
  });

  it('refuses a request kind the contract does not define', async () => {
    await expect(request('chat')).rejects.toMatchObject(CHECK_VIOLATION);
    for (const kind of REQUEST_KINDS) await request(kind);
  });

  it("lowercases the demo data's older statuses as it adds the check", async () => {
    const migration = await readFile(
      new URL('./migrations/027_booking_statuses_request_kinds.sql', import.meta.url),
      'utf8',
    );
    // The database as it was before the migration: no checks, and a status in the booking system's casing.
    await test.ctx.database.runScript(
      'alter table bookings drop constraint bookings_status_check; alter table requests drop constraint requests_kind_check',
    );
    await booking('checkedIn', 'legacy-1');
    // Kinds added by later migrations (029: signed_document) postdate this check.
    await test.ctx.database.runScript("delete from requests where kind = 'signed_document'");
    await test.ctx.database.runScript(migration);
    const row = await db()
      .selectFrom('bookings')
      .select('status')
      .where('external_id', '=', 'legacy-1')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('checkedin');
    await expect(booking('checkedOut', 'check-3')).rejects.toMatchObject(CHECK_VIOLATION);
  });
});
