import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** The console's selects: managers who can take clients, and every name in both languages. */
describe("the console's catalogue", () => {
  let t: TestApp;
  let admin: string;
  let adminManagerId: number;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signIn('admin@example.com');
    const db = t.ctx.database.db;
    // An administrator with a managers row of their own (the row every staff account gets for its contacts).
    const account = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    const existing = await db
      .selectFrom('managers')
      .select('id')
      .where('user_id', '=', account.id)
      .executeTakeFirst();
    adminManagerId = Number(
      existing?.id ??
        (
          await db
            .insertInto('managers')
            .values({
              user_id: account.id,
              name: 'Администратор',
              name_en: 'Administrator',
              phone: '+79990000001',
              email: 'admin@example.com',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
    );
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.request({ method, url: `/api/v1/backoffice/${url}`, token: admin, ...(payload ? { payload } : {}) });

  it("offers managers only as a client's manager: not an administrator", async () => {
    const { managers } = (await call('GET', 'catalogue')).json() as { managers: Array<{ id: number }> };
    expect(managers.map((m) => m.id)).toContain(1);
    expect(managers.map((m) => m.id)).not.toContain(adminManagerId);
    const owner = (await call('GET', 'owners/1')).json();
    const data = {
      lastName: owner.lastName,
      firstName: owner.firstName,
      middleName: owner.middleName,
      email: owner.email,
      phone: owner.phone,
      roles: owner.roles,
    };
    const refused = await call('PUT', 'owners/1', { ...data, managerId: adminManagerId });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(['managerId']);
    expect((await call('PUT', 'owners/1', { ...data, managerId: 1 })).statusCode).toBe(200);
  });

  it('gives the English names of locations, units and managers', async () => {
    const catalogue = (await call('GET', 'catalogue')).json();
    const location = await t.ctx.database.db
      .selectFrom('locations')
      .select(['id', 'name_en'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(catalogue.locations.find((l: { id: number }) => l.id === 1)).toMatchObject({
      nameEn: location.name_en,
    });
    expect(catalogue.units.every((u: { nameEn?: unknown }) => typeof u.nameEn === 'string')).toBe(true);
    expect(catalogue.managers.every((m: { nameEn?: unknown }) => typeof m.nameEn === 'string')).toBe(true);
    // A client's units on their card, too.
    const [link] = (await call('GET', 'owners/1')).json().units as Array<{
      unitId: number;
      unitNameEn: string;
      locationNameEn: string;
    }>;
    if (!link) throw new Error('the demo owner has no unit');
    const unit = await t.ctx.database.db
      .selectFrom('units')
      .innerJoin('locations', 'locations.id', 'units.location_id')
      .select(['units.name_en', 'locations.name_en as locationEn'])
      .where('units.id', '=', link.unitId)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ unitNameEn: unit.name_en, locationNameEn: unit.locationEn });
  });
});
