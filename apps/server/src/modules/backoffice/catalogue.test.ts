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

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
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
  it("gives the English names on lots, photo reports and a lender's loans", async () => {
    const db = t.ctx.database.db;
    const unit = await db
      .selectFrom('units')
      .innerJoin('locations', 'locations.id', 'units.location_id')
      .select(['units.id', 'units.name_en', 'locations.name_en as locationEn'])
      .where('units.name_en', '<>', '')
      .orderBy('units.id')
      .executeTakeFirstOrThrow();
    const lot = {
      unitId: Number(unit.id),
      price: 9_000_000,
      discountPrice: null,
      profit: null,
      description: 'Лот',
      descriptionEn: '',
      promo: null,
      published: false,
    };
    const created = await call('POST', 'lots', lot);
    expect(created.statusCode).toBe(200);
    const lots = (await call('GET', 'lots')).json().items as Array<{ id: number }>;
    expect(lots.find((l) => l.id === created.json().id)).toMatchObject({
      unitNameEn: unit.name_en,
      locationNameEn: unit.locationEn,
    });

    const report = await db
      .selectFrom('media_reports')
      .innerJoin('units', 'units.id', 'media_reports.unit_id')
      .select(['media_reports.id', 'media_reports.location_id', 'units.name_en'])
      .orderBy('media_reports.report_date', 'desc')
      .executeTakeFirstOrThrow();
    const reports = (await call('GET', `reports?locationId=${report.location_id}`)).json().items as Array<{
      id: number;
      unitNameEn: string | null;
    }>;
    expect(reports.find((r) => r.id === report.id)?.unitNameEn).toBe(report.name_en);

    const loan = await db
      .selectFrom('loans')
      .innerJoin('locations', 'locations.id', 'loans.location_id')
      .select(['loans.id', 'loans.user_id', 'locations.name_en'])
      .orderBy('loans.id')
      .executeTakeFirstOrThrow();
    const { loans } = (await call('GET', `owners/${loan.user_id}`)).json() as {
      loans: Array<{ id: number; locationNameEn: string }>;
    };
    expect(loans.find((l) => l.id === loan.id)?.locationNameEn).toBe(loan.name_en);
  });
});
