import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { PINNED_TODAY } from '../../test/pinned-today.ts';

type Link = {
  id: number;
  unitId: number;
  unitName: string;
  relation: 'owner' | 'lender';
  invested: number;
  investedAt: string | null;
  endedOn: string | null;
  incomeMonths: number;
  documents: number;
};

describe("corrections of an owner's unit links", () => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let investor: string;
  beforeAll(async () => {
    t = await startTestApp();
    [manager, admin, investor] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(() => t?.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.request({
      method,
      url: `/api/v1/${url}`,
      token,
      headers: { cookie: 'cookieLocale=en' },
      ...(payload ? { payload } : {}),
    });
  const links = async (token = manager): Promise<Link[]> =>
    (await call(token, 'GET', 'backoffice/owners/1')).json().units;
  const lastAudit = async () => (await call(admin, 'GET', 'backoffice/audit?pageSize=1')).json().items[0];
  /** The investor's first owned unit in location 1 with income: the one the tests correct. */
  const target = async () => {
    const link = (await links()).find(
      (l) => l.relation === 'owner' && l.incomeMonths > 0 && l.endedOn === null,
    );
    if (!link) throw new Error('the demo investor has no unit with income');
    return link;
  };
  const body = (link: Link, change: Partial<Link> = {}) => {
    const { relation, invested, investedAt } = { ...link, ...change };
    return { relation, invested, investedAt };
  };

  it("corrects an invested sum: the owner's figures follow, the audit keeps before and after", async () => {
    const link = await target();
    const invested = async () =>
      (await call(investor, 'GET', 'investor-income/statistics?location=1')).json().invested as number;
    const before = await invested();
    const url = `backoffice/owners/1/units/${link.id}`;
    const saved = await call(manager, 'PUT', url, body(link, { invested: link.invested + 1000 }));
    expect(saved.statusCode).toBe(200);
    expect(await invested()).toBe(before + 1000);
    const card = (await call(investor, 'GET', 'users/actives-info')).json().actives;
    expect(card.find((unit: { unit_id: number }) => unit.unit_id === link.unitId).invested).toBe(
      link.invested + 1000,
    );
    expect(await lastAudit()).toMatchObject({
      action: 'owner.unit.update',
      entityId: '1',
      details: {
        unitId: link.unitId,
        changes: { invested: { from: link.invested, to: link.invested + 1000 } },
      },
    });

    // An admin corrects it back; bad input is refused in the user's language.
    expect((await call(admin, 'PUT', url, body(link))).statusCode).toBe(200);
    expect(await invested()).toBe(before);
    for (const bad of [{ invested: -1 }, { investedAt: '15.01.2026' }, { relation: 'partner' }]) {
      const refused = await call(manager, 'PUT', url, { ...body(link), ...bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('Invalid value');
    }
  });

  it("keeps another manager's client (404) and owners (403) out", async () => {
    const link = await target();
    // A link of a client out of this manager's scope, given by the admin.
    expect((await call(manager, 'GET', 'backoffice/owners/2')).statusCode).toBe(404);
    const given = await call(admin, 'POST', 'backoffice/owners/2/units', {
      unitId: link.unitId,
      relation: 'owner',
    });
    expect(given.statusCode).toBe(200);
    const other = {
      ownerId: 2,
      id: (await call(admin, 'GET', 'backoffice/owners/2')).json().units[0].id as number,
    };
    for (const [method, suffix, payload] of [
      ['PUT', '', body(link)],
      ['POST', '/end', { endedOn: PINNED_TODAY }],
      ['POST', '/restore', undefined],
    ] as const) {
      expect(
        (
          await call(
            manager,
            method,
            `backoffice/owners/${other.ownerId}/units/${other.id}${suffix}`,
            payload,
          )
        ).statusCode,
      ).toBe(404);
      // Another owner's link under this owner's id is not found either.
      expect(
        (await call(manager, method, `backoffice/owners/1/units/${other.id}${suffix}`, payload)).statusCode,
      ).toBe(404);
      expect(
        (await call(investor, method, `backoffice/owners/1/units/${link.id}${suffix}`, payload)).statusCode,
      ).toBe(403);
    }
  });

  it('ends a link without losing its income history, and restores one ended by mistake', async () => {
    const link = await target();
    const url = `backoffice/owners/1/units/${link.id}`;
    const incomeRows = async () =>
      (
        await t.ctx.database.db
          .selectFrom('incomes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_unit_id', '=', link.id)
          .executeTakeFirstOrThrow()
      ).n;
    const stored = Number(await incomeRows());
    expect(stored).toBe(link.incomeMonths);
    const ownedUnits = async () =>
      (await call(investor, 'GET', 'users/actives'))
        .json()
        .actives.map((unit: { unitId: number }) => unit.unitId);
    const incomeUnits = async () =>
      (await call(investor, 'GET', 'investor-income?location=1&yearMonthFrom=202001&yearMonthTo=203012'))
        .json()
        .units.map((unit: { unitName: string }) => unit.unitName);
    expect(await ownedUnits()).toContain(link.unitId);
    expect(await incomeUnits()).toContain(link.unitName);

    expect((await call(manager, 'POST', `${url}/end`, { endedOn: '2099-01-01' })).statusCode).toBe(400);
    expect((await call(manager, 'POST', `${url}/end`, { endedOn: '1990-01-01' })).json().error.message).toBe(
      'A link cannot end before the investment date',
    );
    const missing = await call(manager, 'POST', `${url}/end`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.endedOn).toBe('This field is required');
    const bad = await call(manager, 'POST', `${url}/end`, { endedOn: '26.11.2026' });
    expect(bad.json().error.fields.endedOn).toBe('Invalid value');
    expect((await call(manager, 'POST', `${url}/end`, { endedOn: PINNED_TODAY })).statusCode).toBe(200);

    expect(await ownedUnits()).not.toContain(link.unitId);
    expect(await incomeUnits()).not.toContain(link.unitName);
    // The rows stay and staff still read them on the owner's card.
    expect(Number(await incomeRows())).toBe(stored);
    const ended = (await links()).find((l) => l.id === link.id);
    expect(ended).toMatchObject({ endedOn: PINNED_TODAY, incomeMonths: stored });
    expect(await lastAudit()).toMatchObject({
      action: 'owner.unit.end',
      details: { unitId: link.unitId, changes: { endedOn: { from: null, to: PINNED_TODAY } } },
    });

    // The unit comes back by restoring the link, not by a second link beside the history.
    const again = await call(manager, 'POST', 'backoffice/owners/1/units', {
      unitId: link.unitId,
      relation: 'owner',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This unit is already linked to the client; an ended link can be restored',
    );

    expect((await call(manager, 'POST', `${url}/restore`)).statusCode).toBe(200);
    expect(await ownedUnits()).toContain(link.unitId);
    expect(await incomeUnits()).toContain(link.unitName);
    expect(await lastAudit()).toMatchObject({
      action: 'owner.unit.restore',
      details: { changes: { endedOn: { from: PINNED_TODAY, to: null } } },
    });
  });
});
