import { addMonths, firstDayOf, yearMonthOf } from '@portal/contract/periods';
import type { RouteDefinition } from '@portal/contract/route';
import { apiRoutes } from '@portal/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { portalNow } from '../shared/clock.ts';
import { addDays, moscowDate, moscowInstant } from '../shared/time.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { seedDemoData } from './seed.ts';

/**
 * The demo seed and every owner read on the dates a calendar gets wrong: month ends of 31, 28 and 30 days, the
 * year's last and first day, a leap day and a month's first day. Each date seeds its own database on that date
 * (PORTAL_TODAY), then every demo owner calls every signed-in GET of the contract that answers JSON, with ids
 * from their own data: each answers 200 in the contract's shape, and the dates in it follow the pinned day.
 */
const DATES = [
  '2026-12-31',
  '2027-01-01',
  '2027-01-31',
  '2027-02-28',
  '2027-03-01',
  '2027-04-30',
  '2028-02-29',
];

/** The investor, the lender, the account with both roles and the demo profile. */
const OWNERS = DEMO_ACCOUNTS.slice(0, 4);

type Role = 'INVESTOR' | 'LENDER';
type Query = Record<string, string | number>;

/** What an owner's calls are made with: their own ids, read from their answers, and the pinned day's months. */
type World = {
  today: string;
  thisMonth: number;
  lastComplete: number;
  locations: { id: number; roleCode: Role; existsMain: boolean; existsPeriphery: boolean }[];
  units: { unitId: number; userUnitId: number; locationId: number; roleCode: Role }[];
  inspectionIds: number[];
  itemIds: number[];
};

const investorLocations = (w: World) => w.locations.filter((l) => l.roleCode === 'INVESTOR');
const lenderLocations = (w: World) => w.locations.filter((l) => l.roleCode === 'LENDER');
const ownedUnits = (w: World) => w.units.filter((u) => u.roleCode === 'INVESTOR');
const readable = (w: World) => [...new Set(w.locations.map((l) => l.id))];
const yearRange = (w: World) => ({
  yearMonthFrom: addMonths(w.lastComplete, -11),
  yearMonthTo: w.lastComplete,
});
/** The booking grid's current month, as the bookings page opens on it. */
const monthWindow = (w: World) => ({
  startDate: moscowInstant(firstDayOf(w.thisMonth)).toISOString(),
  endDate: moscowInstant(firstDayOf(addMonths(w.thisMonth, 1))).toISOString(),
});

/**
 * The calls of every signed-in JSON GET of the contract, by route key, with the role they need (others answer 403
 * by design). A GET added to the contract without a line here fails the test, so none goes untried.
 */
const CALLS: Record<string, { role?: Role; queries: (w: World) => Query[] }> = {
  'GET /investor-income/statistics': {
    role: 'INVESTOR',
    queries: (w) => investorLocations(w).map(({ id }) => ({ location: id })),
  },
  'GET /lender-income/statistics': {
    role: 'LENDER',
    queries: (w) => lenderLocations(w).map(({ id }) => ({ location: id })),
  },
  'GET /investor-income': {
    role: 'INVESTOR',
    queries: (w) => investorLocations(w).map(({ id }) => ({ location: id, ...yearRange(w) })),
  },
  'GET /lender-income': {
    role: 'LENDER',
    queries: (w) => lenderLocations(w).map(({ id }) => ({ location: id, ...yearRange(w) })),
  },
  'GET /investor-income/first-screen': {
    role: 'INVESTOR',
    queries: (w) => investorLocations(w).map(({ id }) => ({ location: id, ...yearRange(w) })),
  },
  'GET /investor-income/actives': {
    role: 'INVESTOR',
    queries: (w) => investorLocations(w).map(({ id }) => ({ location: id, yearMonth: w.lastComplete })),
  },
  'GET /lender-income/first-screen': {
    role: 'LENDER',
    queries: (w) => lenderLocations(w).map(({ id }) => ({ location: id, ...yearRange(w) })),
  },
  'GET /lender-income/actives': {
    role: 'LENDER',
    queries: (w) => lenderLocations(w).map(({ id }) => ({ location: id, yearMonth: w.lastComplete })),
  },
  'GET /investor-income/unit-capitalization-graphic': {
    role: 'INVESTOR',
    queries: (w) => ownedUnits(w).map(({ unitId }) => ({ unitId })),
  },
  'GET /users/sessions': { queries: () => [{}] },
  'GET /users/locations': { queries: () => [{}] },
  'GET /users/actives': { queries: () => [{}] },
  'GET /users/actives-info': { queries: () => [{}] },
  'GET /users/data-profile': { queries: () => [{}] },
  'GET /users/layout': { queries: () => [{}] },
  'GET /locale/get-user-locale': { queries: () => [{}] },
  'GET /users/open-requests': { queries: () => [{}] },
  'GET /users/requests': { queries: () => [{}] },
  'GET /notifications': { queries: () => [{}] },
  'GET /notifications/unread-count': { queries: () => [{}] },
  'GET /notifications/settings': { queries: () => [{}] },
  'GET /faq': { queries: () => [{}] },
  'GET /news/page': { queries: () => [{}] },
  'GET /news': {
    queries: (w) =>
      [...new Set(w.locations.map((l) => l.roleCode))].map((role) => ({ rolesForNews: role, pageSize: 4 })),
  },
  'GET /dashboard/graph': {
    role: 'INVESTOR',
    queries: (w) =>
      investorLocations(w).map(({ id }) => ({
        location: id,
        startDate: firstDayOf(addMonths(w.thisMonth, -12)),
        endDate: w.today,
      })),
  },
  'GET /dashboard/statistics': {
    role: 'INVESTOR',
    queries: (w) => investorLocations(w).map(({ id }) => ({ location: id })),
  },
  'GET /dashboard/actual-data': {
    role: 'INVESTOR',
    queries: (w) => investorLocations(w).map(({ id }) => ({ location: id })),
  },
  'GET /dashboard/location-info': { queries: (w) => readable(w).map((location) => ({ location })) },
  'GET /dashboard/first-screen': {
    queries: (w) => [{ startDate: firstDayOf(addMonths(w.thisMonth, -12)), endDate: w.today }],
  },
  'GET /adesk': {
    role: 'INVESTOR',
    queries: (w) =>
      investorLocations(w)
        .filter((l) => l.existsMain)
        .map(({ id }) => ({
          locationId: id,
          year: Math.floor(w.lastComplete / 100),
          month: w.lastComplete % 100,
        })),
  },
  'GET /adesk-periphery': {
    role: 'INVESTOR',
    queries: (w) =>
      investorLocations(w)
        .filter((l) => l.existsPeriphery)
        .map(({ id }) => ({
          locationId: id,
          year: Math.floor(w.lastComplete / 100),
          month: w.lastComplete % 100,
        })),
  },
  'GET /booking-locations': { queries: () => [{}] },
  'GET /bookings': {
    role: 'INVESTOR',
    queries: (w) =>
      investorLocations(w)
        .filter((l) => l.existsMain)
        .map(({ id }) => ({ location: id, ...monthWindow(w) })),
  },
  'GET /bookings/location-statistics': {
    role: 'INVESTOR',
    queries: (w) =>
      investorLocations(w)
        .filter((l) => l.existsMain)
        .map(({ id }) => ({ location: id })),
  },
  'GET /bookings-periphery': {
    role: 'INVESTOR',
    queries: (w) =>
      investorLocations(w)
        .filter((l) => l.existsPeriphery)
        .map(({ id }) => ({ location: id, ...monthWindow(w) })),
  },
  'GET /location-statistics-periphery': {
    role: 'INVESTOR',
    queries: (w) =>
      investorLocations(w)
        .filter((l) => l.existsPeriphery)
        .map(({ id }) => ({ location: id })),
  },
  'GET /check-office/get-location-inspections': {
    role: 'INVESTOR',
    queries: (w) => investorLocations(w).map(({ id }) => ({ locationId: id })),
  },
  'GET /check-office/get-inspection': {
    role: 'INVESTOR',
    queries: (w) => w.inspectionIds.map((inspectionId) => ({ inspectionId })),
  },
  'GET /timeline/get-timeline': { queries: (w) => ownedUnits(w).map(({ userUnitId }) => ({ userUnitId })) },
  'GET /timeline/get-timeline-location': {
    queries: (w) => readable(w).map((locationId) => ({ locationId })),
  },
  'GET /timeline/report/unit': { queries: (w) => ownedUnits(w).map(({ unitId }) => ({ unitId })) },
  'GET /timeline/report/location': { queries: (w) => readable(w).map((locationId) => ({ locationId })) },
  'GET /id-logic/items': {
    role: 'INVESTOR',
    queries: (w) => ownedUnits(w).map(({ unitId }) => ({ unitId })),
  },
  'GET /id-logic/item/images': { role: 'INVESTOR', queries: (w) => w.itemIds.map((itemId) => ({ itemId })) },
  'GET /financial-report': { queries: () => [{}] },
  'GET /sale-unit/get-sale-units': { queries: () => [{}] },
  'GET /investor/cameras': { role: 'INVESTOR', queries: () => [{}] },
  'GET /user-document/get-by-user': { queries: () => [{}] },
  'GET /location-document/get-all': { queries: () => [{}] },
  'GET /document-category': { queries: () => [{}] },
};

/** Every signed-in GET of the contract that answers JSON (downloads and media are files, not pages' data). */
const OWNER_GETS = Object.values(apiRoutes)
  .flatMap((area) => Object.values(area) as RouteDefinition[])
  .filter((route) => route.method === 'GET' && route.access === 'session' && route.response !== 'file');

/** What a page shows as having happened already, by route key: dated yyyy-mm-dd (Moscow), never after today. */
const PAST_DATES: Record<string, (body: never) => string[]> = {
  'GET /timeline/report/unit': (body: { reports: { reportDate: string }[] }) =>
    body.reports.map((r) => r.reportDate),
  'GET /timeline/report/location': (body: { reports: { reportDate: string }[] }) =>
    body.reports.map((r) => r.reportDate),
  'GET /user-document/get-by-user': (body: { documents: { date: string }[] }) =>
    body.documents.map((d) => d.date),
  'GET /location-document/get-all': (body: { documents: { date: string }[] }) =>
    body.documents.map((d) => d.date),
  'GET /news': (body: { news: { date: string }[] }) => body.news.map((n) => moscowDate(new Date(n.date))),
  'GET /check-office/get-location-inspections': (body: {
    completedInspections: { inspectionDate: string }[];
  }) => body.completedInspections.map((i) => moscowDate(new Date(i.inspectionDate))),
};

/** Figures that are counts, sums or shares of something and so never fall below 0. */
const NON_NEGATIVE = new Set([
  'invested',
  'totalIncome',
  'averageMonthlyIncome',
  'averagePercentForYear',
  'averagePercentForMonth',
  'last_month_income',
  'average_monthly_income',
  'countOfUnits',
  'percentOfUnits',
  'bookingAmount',
  'guestAmount',
  'thisMonth',
  'lastMonth',
  'sum',
  'paid',
  'imageCount',
]);

/** The paths (key chains) of the figures above that are negative in an answer. */
function negativeFigures(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => negativeFigures(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    typeof item === 'number'
      ? NON_NEGATIVE.has(key) && item < 0
        ? [`${path}.${key}=${item}`]
        : []
      : negativeFigures(item, `${path}.${key}`),
  );
}

describe('owner pages on the dates a calendar gets wrong', () => {
  it('has a call for every signed-in GET of the contract', () => {
    expect(OWNER_GETS.map((route) => `GET ${route.path}`).sort()).toEqual(Object.keys(CALLS).sort());
  });

  describe.each(DATES)('on %s', (today) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ PORTAL_TODAY: today });
    });
    afterAll(() => t?.close());

    it('seeds the demo on that date', async () => {
      expect(moscowDate(portalNow(t.ctx.config.portalToday))).toBe(today);
      const bookings = await t.ctx.database.db
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(bookings.n)).toBeGreaterThan(0);
    });

    it.each(OWNERS.map((owner) => [owner.login, owner] as const))(
      'answers %s on every page',
      async (_, owner) => {
        const token = await t.signIn(owner.login, owner.password);
        const get = async <S extends z.ZodType>(
          route: RouteDefinition & { response: S },
          query: Query = {},
        ) => {
          const search = new URLSearchParams(
            Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
          );
          const url = `/api/v1${route.path}${search.size ? `?${search}` : ''}`;
          const response = await t.request({ method: 'GET', url, token });
          expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
          const parsed = route.response.safeParse(response.json());
          expect(parsed.error, url).toBeUndefined();
          expect(negativeFigures(response.json()), url).toEqual([]);
          const past = PAST_DATES[`GET ${route.path}`]?.(response.json() as never) ?? [];
          expect(
            past.filter((date) => date > today),
            url,
          ).toEqual([]);
          return parsed.data as z.output<S>;
        };

        const thisMonth = yearMonthOf(moscowInstant(today, 12));
        const world: World = {
          today,
          thisMonth,
          lastComplete: addMonths(thisMonth, -1),
          locations: (await get(apiRoutes.profile.locations)).locations.filter((l) => !l.isPlaceholder),
          units: (await get(apiRoutes.profile.units)).actives,
          inspectionIds: [],
          itemIds: [],
        };
        const roles = new Set(world.locations.map((l) => l.roleCode));
        if (roles.has('INVESTOR')) {
          for (const { id } of investorLocations(world)) {
            const inspections = await get(apiRoutes.control.locationInspections, { locationId: id });
            const some = [inspections.completedInspections[0], inspections.upcomingInspections[0]];
            world.inspectionIds.push(...some.flatMap((i) => (i ? [i.id] : [])));
          }
          for (const { unitId } of ownedUnits(world)) {
            const first = (await get(apiRoutes.inventory.items, { unitId })).items[0];
            if (first) world.itemIds.push(first.ItemID);
          }
        }

        for (const route of OWNER_GETS) {
          const call = CALLS[`GET ${route.path}`];
          if (!call || (call.role && !roles.has(call.role))) continue;
          for (const query of call.queries(world))
            await get(route as RouteDefinition & { response: z.ZodType }, query);
        }

        if (!roles.has('INVESTOR')) return;
        for (const { id } of investorLocations(world)) {
          // The dashboard's months end with the last complete one: the month before the pinned day's.
          const actual = await get(apiRoutes.dashboard.actualData, { location: id });
          expect(actual.actualDataDates[0]).toBe(world.lastComplete);
          expect(actual.actualDataInSelectedDate.yearMonth).toBe(world.lastComplete);
        }
        const main = investorLocations(world).find((l) => l.existsMain && l.id <= 3);
        if (main) {
          // The grid's current month holds the pinned day, and stays in it (the seed books around today).
          const window = monthWindow(world);
          expect(moscowDate(new Date(window.startDate)) <= today).toBe(true);
          expect(addDays(moscowDate(new Date(window.endDate)), -1) >= today).toBe(true);
          const grid = await get(apiRoutes.bookings.bookings, { location: main.id, ...window });
          const bookings = grid.groups.flatMap((g) => g.units.flatMap((u) => u.bookings));
          expect(
            bookings.some(
              (b) =>
                moscowDate(new Date(b.startDateTime)) <= today &&
                moscowDate(new Date(b.endDateTime)) >= today,
            ),
          ).toBe(true);
          const statistics = await get(apiRoutes.bookings.statistics, { location: main.id });
          expect(statistics.loadToday.percentOfUnits).toBeLessThanOrEqual(100);
          expect(statistics.loadToday.countOfUnits).toBeLessThanOrEqual(statistics.countOfUnits);
        }
      },
    );
  });
});

describe('the demo seed through a Moscow day', () => {
  /** The dated rows of a seed made at this instant on a fresh database. */
  async function datedRows(now: Date) {
    const database = await openDatabase({ inMemory: true });
    try {
      await migrate(database);
      await seedDemoData(database, now);
      const { db } = database;
      return {
        documents: await db.selectFrom('documents').select(['id', 'document_date']).orderBy('id').execute(),
        locationDocuments: await db
          .selectFrom('location_documents')
          .select(['id', 'document_date'])
          .orderBy('id')
          .execute(),
        reports: await db.selectFrom('media_reports').select(['id', 'report_date']).orderBy('id').execute(),
        unitStages: await db
          .selectFrom('unit_timeline_stages')
          .select(['id', 'finish_date'])
          .orderBy('id')
          .execute(),
        locationStages: await db
          .selectFrom('location_timeline_stages')
          .select(['id', 'finish_date'])
          .orderBy('id')
          .execute(),
        inspections: await db
          .selectFrom('inspections')
          .select(['id', 'inspection_date'])
          .orderBy('id')
          .execute(),
        incomes: await db
          .selectFrom('incomes')
          .select(['user_unit_id', 'year_month', 'amount_kopecks'])
          .orderBy(['user_unit_id', 'year_month'])
          .execute(),
      };
    } finally {
      await database.close();
    }
  }

  it('dates the same rows at its first and its last hour (a Moscow date, not the UTC one)', async () => {
    // 00:30 in Moscow on the 1st is still the last day of the month before in UTC.
    const first = await datedRows(moscowInstant('2027-03-01', 0.5));
    const last = await datedRows(moscowInstant('2027-03-01', 23.5));
    expect(first).toEqual(last);
    const dates = [
      ...first.reports.map((r) => r.report_date),
      ...first.documents.map((d) => d.document_date),
    ];
    expect(
      dates
        .map((date) => (typeof date === 'string' ? date : moscowDate(date)))
        .filter((d) => d > '2027-03-01'),
    ).toEqual([]);
  });
});
