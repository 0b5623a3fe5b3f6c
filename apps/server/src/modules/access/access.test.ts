import { DEMO_PROFILE_ID, PLACEHOLDER_LOCATION_ID } from '@portal/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleRow } from '../../db/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import {
  ownedLocationIds,
  ownsUnitInLocation,
  type Reader,
  readableLocations,
  readsAnyLocation,
  requireHeldUnit,
  requireInvestorLocation,
  requireOwnedUnit,
  requireOwnerInScope,
  requireReadableLocation,
  requireRole,
  requireUnitLink,
  type Scope,
  staffScope,
} from './service.ts';

/**
 * The access rules (the design's API rules), once for every kind of user of the demo data:
 * investor (user 1: units in locations 1, 2, 3, 7), lender (user 2: loans in 1 and 2), both roles (user 3: units in
 * 2 and 7, a loan in 3), the demo profile (1223: units in 1 and 3), a user without units, a user who lent against a
 * unit, the manager (user 5, the default manager 1: clients 1, 3, 1223, 6 and the unassigned), another manager
 * (managers row 2: the lender), a manager without a managers row, and the admin (user 7).
 */
describe('access rules', () => {
  let t: TestApp;
  const NOT_FOUND = { status: 404 };
  const FORBIDDEN = { status: 403 };
  const readers: Record<string, Reader> = {};
  /** Unit ids owned by each demo owner, by location. */
  const owned: Record<number, Array<{ linkId: number; unitId: number; locationId: number }>> = {};
  let unassignedOwner: number;
  let lentAgainstUnit: number;
  let lentAgainstLocation: number;

  const user = async (values: { email: string; manager_id?: number | null }, roles: RoleRow[]) => {
    const db = t.ctx.database.db;
    const row = await db
      .insertInto('users')
      .values({ email: values.email, manager_id: values.manager_id ?? null, is_active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (roles.length > 0)
      await db
        .insertInto('user_roles')
        .values(roles.map((role) => ({ user_id: row.id, role })))
        .execute();
    return { userId: Number(row.id), roles } satisfies Reader;
  };

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.ctx.database.db;
    const roles = await db.selectFrom('user_roles').select(['user_id', 'role']).execute();
    const demoReader = (userId: number): Reader => ({
      userId,
      roles: roles.filter((r) => Number(r.user_id) === userId).map((r) => r.role),
    });
    Object.assign(readers, {
      investor: demoReader(1),
      lender: demoReader(2),
      both: demoReader(3),
      demo: demoReader(DEMO_PROFILE_ID),
      manager: demoReader(5),
      admin: demoReader(7),
    });
    const links = await db
      .selectFrom('user_units')
      .innerJoin('units', 'units.id', 'user_units.unit_id')
      .select(['user_units.id', 'user_units.user_id', 'user_units.unit_id', 'units.location_id'])
      .where('user_units.relation', '=', 'owner')
      .orderBy('user_units.id')
      .execute();
    for (const link of links) {
      const list = owned[Number(link.user_id)] ?? [];
      list.push({ linkId: Number(link.id), unitId: Number(link.unit_id), locationId: link.location_id });
      owned[Number(link.user_id)] = list;
    }

    readers.noUnits = await user({ email: 'no-units@example.com', manager_id: 1 }, ['INVESTOR']);
    readers.noLoans = await user({ email: 'no-loans@example.com', manager_id: 1 }, ['LENDER']);
    // Lent against a unit of location 7 (relation lender), holding nothing else.
    readers.unitLender = await user({ email: 'unit-lender@example.com', manager_id: 1 }, ['LENDER']);
    const unit = await db
      .selectFrom('units')
      .select(['id', 'location_id'])
      .where('location_id', '=', 7)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    lentAgainstUnit = Number(unit.id);
    lentAgainstLocation = unit.location_id;
    await db
      .insertInto('user_units')
      .values({ user_id: readers.unitLender.userId, unit_id: lentAgainstUnit, relation: 'lender' })
      .execute();
    // A loan on the placeholder location: a placeholder is never readable, whatever is held there.
    await db
      .insertInto('loans')
      .values({
        user_id: readers.noLoans.userId,
        location_id: PLACEHOLDER_LOCATION_ID,
        amount_kopecks: 100_000,
        issued_at: '2025-01-01',
        term_year_month: 202801,
        rate_percent: 10,
      })
      .execute();
    unassignedOwner = (await user({ email: 'unassigned@example.com', manager_id: null }, ['INVESTOR']))
      .userId;
    // The second manager's account, linked to managers row 2 (the lender's manager, not the default one).
    readers.otherManager = await user({ email: 'sokolov@example.com' }, ['MANAGER']);
    await db
      .updateTable('managers')
      .set({ user_id: readers.otherManager.userId })
      .where('id', '=', 2)
      .execute();
    readers.managerWithoutRow = await user({ email: 'new-manager@example.com' }, ['MANAGER']);
  });
  afterAll(() => t?.close());

  const readable = async (name: string, lenderTabs = false) =>
    (
      await readableLocations(t.ctx.database.db, readers[name] as Reader, { lenderTabs })
        .select('locations.id')
        .orderBy('locations.id')
        .execute()
    ).map((row) => row.id);

  const check = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: { status?: number }) => ({ status: error.status }),
    );

  describe('location readable', () => {
    it('is every location where the user holds a unit or a loan, by role', async () => {
      expect(await readable('investor')).toEqual([1, 2, 3, 7]);
      expect(await readable('lender')).toEqual([1, 2]);
      expect(await readable('both')).toEqual([2, 3, 7]);
      expect(await readable('demo')).toEqual([1, 3]);
      expect(await readable('unitLender')).toEqual([lentAgainstLocation]);
      expect(await readable('noUnits')).toEqual([]);
      // The loan on the placeholder does not make it readable.
      expect(await readable('noLoans')).toEqual([]);
      // Staff read no owner's location pages.
      expect(await readable('manager')).toEqual([]);
      expect(await readable('admin')).toEqual([]);
    });

    it("adds the spec's fixed lender tabs 1, 2, 3 for lenders on the timeline's pages only", async () => {
      expect(await readable('lender', true)).toEqual([1, 2, 3]);
      expect(await readable('both', true)).toEqual([1, 2, 3, 7]);
      expect(await readable('noLoans', true)).toEqual([1, 2, 3]);
      expect(await readable('unitLender', true)).toEqual([1, 2, 3, lentAgainstLocation]);
      // Not for investors: the demo profile still does not read location 2.
      expect(await readable('demo', true)).toEqual([1, 3]);
      expect(await readable('noUnits', true)).toEqual([]);
    });

    it('answers 404 for a location of someone else, an unknown one and the placeholder', async () => {
      const require = (name: string, id: number, lenderTabs = false) =>
        check(requireReadableLocation(t.ctx, readers[name] as Reader, id, { lenderTabs }));
      expect(await require('investor', 7)).toBe('ok');
      expect(await require('lender', 1)).toBe('ok');
      expect(await require('lender', 3)).toEqual(NOT_FOUND);
      expect(await require('lender', 3, true)).toBe('ok');
      expect(await require('lender', 7, true)).toEqual(NOT_FOUND);
      expect(await require('both', 1)).toEqual(NOT_FOUND);
      expect(await require('both', 3)).toBe('ok');
      expect(await require('demo', 2)).toEqual(NOT_FOUND);
      expect(await require('demo', 2, true)).toEqual(NOT_FOUND);
      expect(await require('investor', 99)).toEqual(NOT_FOUND);
      expect(await require('investor', PLACEHOLDER_LOCATION_ID)).toEqual(NOT_FOUND);
      expect(await require('noLoans', PLACEHOLDER_LOCATION_ID)).toEqual(NOT_FOUND);
      expect(await require('noUnits', 1)).toEqual(NOT_FOUND);
    });

    it("lets staff watch every location's cameras, owners those they read", async () => {
      const watch = (name: string, ids: number[]) => readsAnyLocation(t.ctx, readers[name] as Reader, ids);
      expect(await watch('manager', [7])).toBe(true);
      expect(await watch('admin', [PLACEHOLDER_LOCATION_ID])).toBe(true);
      expect(await watch('lender', [3])).toBe(false);
      expect(await watch('lender', [3, 2])).toBe(true);
      expect(await watch('both', [3])).toBe(true);
      expect(await watch('unitLender', [lentAgainstLocation])).toBe(true);
      expect(await watch('noLoans', [PLACEHOLDER_LOCATION_ID])).toBe(false);
      expect(await watch('investor', [])).toBe(false);
    });
  });

  describe('unit owned', () => {
    const unitOf = (userId: number, locationId?: number) => {
      const link = (owned[userId] ?? []).find((l) => locationId === undefined || l.locationId === locationId);
      if (!link) throw new Error(`user ${userId} owns no unit in ${locationId}`);
      return link;
    };

    it("is an investor's own unit: another user's is 404, a non-investor 403", async () => {
      const own = (name: string, unitId: number) =>
        check(requireOwnedUnit(t.ctx, readers[name] as Reader, unitId));
      expect(await own('investor', unitOf(1).unitId)).toBe('ok');
      expect(await own('both', unitOf(3).unitId)).toBe('ok');
      expect(await own('demo', unitOf(DEMO_PROFILE_ID).unitId)).toBe('ok');
      expect(await own('investor', unitOf(3).unitId)).toEqual(NOT_FOUND);
      expect(await own('demo', unitOf(1).unitId)).toEqual(NOT_FOUND);
      expect(await own('investor', 999_999)).toEqual(NOT_FOUND);
      expect(await own('noUnits', unitOf(1).unitId)).toEqual(NOT_FOUND);
      expect(await own('lender', unitOf(1).unitId)).toEqual(FORBIDDEN);
      expect(await own('unitLender', lentAgainstUnit)).toEqual(FORBIDDEN);
      expect(await own('manager', unitOf(1).unitId)).toEqual(FORBIDDEN);
    });

    it('holds a unit owned or lent against (media reports of a unit)', async () => {
      const held = (name: string, unitId: number) =>
        check(requireHeldUnit(t.ctx, readers[name] as Reader, unitId));
      expect(await held('investor', unitOf(1).unitId)).toBe('ok');
      expect(await held('unitLender', lentAgainstUnit)).toBe('ok');
      expect(await held('lender', unitOf(1).unitId)).toEqual(NOT_FOUND);
      expect(await held('both', unitOf(1).unitId)).toEqual(NOT_FOUND);
    });

    it("names a unit link by its id only for the link's user", async () => {
      const link = unitOf(DEMO_PROFILE_ID);
      expect(await requireUnitLink(t.ctx, readers.demo as Reader, link.linkId)).toEqual({
        id: link.linkId,
        unitId: link.unitId,
      });
      expect(await check(requireUnitLink(t.ctx, readers.investor as Reader, link.linkId))).toEqual(NOT_FOUND);
      expect(await check(requireUnitLink(t.ctx, readers.noUnits as Reader, link.linkId))).toEqual(NOT_FOUND);
    });

    it('owns a unit in a location only through an owned unit (a loan is not one)', async () => {
      const owns = (name: string, id: number) => ownsUnitInLocation(t.ctx, readers[name] as Reader, id);
      expect(await owns('investor', 1)).toBe(true);
      expect(await owns('demo', 3)).toBe(true);
      expect(await owns('demo', 2)).toBe(false);
      expect(await owns('both', 3)).toBe(false);
      expect(await owns('lender', 1)).toBe(false);
      expect(await owns('unitLender', lentAgainstLocation)).toBe(false);
      const investorPage = (name: string, id: number) =>
        check(requireInvestorLocation(t.ctx, readers[name] as Reader, id));
      expect(await investorPage('investor', 7)).toBe('ok');
      expect(await investorPage('demo', 1)).toBe('ok');
      expect(await investorPage('both', 2)).toBe('ok');
      expect(await investorPage('both', 3)).toEqual(NOT_FOUND);
      expect(await investorPage('demo', 2)).toEqual(NOT_FOUND);
      expect(await investorPage('noUnits', 1)).toEqual(NOT_FOUND);
      expect(await investorPage('lender', 1)).toEqual(FORBIDDEN);
    });

    it("lists the investor's owned locations", async () => {
      const list = (name: string) => check(ownedLocationIds(t.ctx, readers[name] as Reader));
      expect(await ownedLocationIds(t.ctx, readers.investor as Reader)).toEqual([1, 2, 3, 7]);
      expect(await ownedLocationIds(t.ctx, readers.both as Reader)).toEqual([2, 7]);
      expect(await ownedLocationIds(t.ctx, readers.demo as Reader)).toEqual([1, 3]);
      expect(await ownedLocationIds(t.ctx, readers.noUnits as Reader)).toEqual([]);
      expect(await list('lender')).toEqual(FORBIDDEN);
    });
  });

  describe('role required', () => {
    it('passes the roles the user holds and answers 403 for the others', () => {
      const role = (name: string, code: RoleRow) => {
        try {
          requireRole(readers[name] as Reader, code);
          return 'ok';
        } catch (error) {
          return { status: (error as { status?: number }).status };
        }
      };
      expect(role('investor', 'INVESTOR')).toBe('ok');
      expect(role('investor', 'LENDER')).toEqual(FORBIDDEN);
      expect(role('lender', 'LENDER')).toBe('ok');
      expect(role('lender', 'INVESTOR')).toEqual(FORBIDDEN);
      expect(role('both', 'INVESTOR')).toBe('ok');
      expect(role('both', 'LENDER')).toBe('ok');
      expect(role('demo', 'INVESTOR')).toBe('ok');
      expect(role('demo', 'LENDER')).toEqual(FORBIDDEN);
      expect(role('manager', 'INVESTOR')).toEqual(FORBIDDEN);
      expect(role('admin', 'ADMIN')).toBe('ok');
    });
  });

  describe('staff scope', () => {
    const clients = async (scope: Scope) => {
      const ids = [1, 2, 3, DEMO_PROFILE_ID, 5, 6, 7, unassignedOwner];
      const inScope: number[] = [];
      for (const id of ids) {
        const ok = await check(requireOwnerInScope(t.ctx.database.db, scope, id));
        if (ok === 'ok') inScope.push(id);
        else expect(ok).toEqual(NOT_FOUND);
      }
      return inScope;
    };

    it("gives the default manager their clients and the clients without a manager, nobody's else", async () => {
      const scope = await staffScope(t.ctx, readers.manager as Reader);
      expect(scope).toEqual({ kind: 'manager', managerId: 1, isDefault: true });
      expect(await clients(scope)).toEqual([1, 3, DEMO_PROFILE_ID, 6, unassignedOwner]);
    });

    it('gives another manager only their own clients', async () => {
      const scope = await staffScope(t.ctx, readers.otherManager as Reader);
      expect(scope).toEqual({ kind: 'manager', managerId: 2, isDefault: false });
      expect(await clients(scope)).toEqual([2]);
    });

    it('gives a manager without a managers row no clients', async () => {
      const scope = await staffScope(t.ctx, readers.managerWithoutRow as Reader);
      expect(await clients(scope)).toEqual([]);
    });

    it('gives an admin every owner but no staff member', async () => {
      const scope = await staffScope(t.ctx, readers.admin as Reader);
      expect(scope).toEqual({ kind: 'all' });
      expect(await clients(scope)).toEqual([1, 2, 3, DEMO_PROFILE_ID, 6, unassignedOwner]);
    });

    it('refuses owners with 403', async () => {
      for (const name of ['investor', 'lender', 'both', 'demo', 'noUnits'])
        expect(await check(staffScope(t.ctx, readers[name] as Reader))).toEqual(FORBIDDEN);
    });
  });
  it('counts only current links: an ended one is no longer held, and restoring it gives the unit back', async () => {
    const db = t.ctx.database.db;
    const reader = readers.unitLender as Reader;
    const end = (endedOn: string | null) =>
      db.updateTable('user_units').set({ ended_on: endedOn }).where('user_id', '=', reader.userId).execute();
    const investor = readers.investor as Reader;
    const link = (owned[investor.userId] ?? [])[0];
    if (!link) throw new Error('the investor owns no unit');

    await end('2026-01-31');
    expect(await readable('unitLender')).toEqual([]);
    expect(await check(requireHeldUnit(t.ctx, reader, lentAgainstUnit))).toEqual(NOT_FOUND);
    await db
      .updateTable('user_units')
      .set({ ended_on: '2026-01-31' })
      .where('id', '=', link.linkId)
      .execute();
    expect(await check(requireOwnedUnit(t.ctx, investor, link.unitId))).toEqual(NOT_FOUND);
    expect(await check(requireUnitLink(t.ctx, investor, link.linkId))).toEqual(NOT_FOUND);

    await end(null);
    await db.updateTable('user_units').set({ ended_on: null }).where('id', '=', link.linkId).execute();
    expect(await readable('unitLender')).toEqual([lentAgainstLocation]);
    expect(await check(requireHeldUnit(t.ctx, reader, lentAgainstUnit))).toBe('ok');
    expect(await check(requireOwnedUnit(t.ctx, investor, link.unitId))).toBe('ok');
  });
});
