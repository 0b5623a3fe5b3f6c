import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { hiddenFromPlanner, prepared } from '../../db/prepared.ts';
import { ownedUnitLinks } from '../access/service.ts';

/** One of the user's owned units (modules/access) with its sale state and location. */
export async function ownedUnitForSale(db: Executor, userId: number, unitId: number) {
  return ownedUnitLinks(db, userId)
    .innerJoin('locations', 'locations.id', 'units.location_id')
    .select([
      'user_units.id as userUnitId',
      'user_units.is_sale',
      'user_units.sale_price_kopecks',
      'user_units.invested_kopecks',
      'units.id as unitId',
      'units.name',
      'units.name_en',
      'locations.name as locationName',
    ])
    .where('user_units.unit_id', '=', unitId)
    .executeTakeFirst();
}

/** The unit's latest capitalization price up to a date (kopecks), if any. */
export async function latestCapitalizationPrice(db: Executor, unitId: number, onOrBefore: string) {
  const row = await db
    .selectFrom('capitalization')
    .select('price_kopecks')
    .where('unit_id', '=', unitId)
    .where('stage_date', '<=', onOrBefore)
    .orderBy('stage_date', 'desc')
    .executeTakeFirst();
  return row ? Number(row.price_kopecks) : undefined;
}

/** Puts an owned unit on sale at the owner's price, with the lot's market and discount prices. */
export async function listUnit(
  db: Executor,
  userUnitId: number,
  priceKopecks: number,
  prices: { default_price_kopecks: number; discount_price_kopecks: number },
) {
  await db
    .updateTable('user_units')
    .set({ is_sale: true, sale_price_kopecks: priceKopecks })
    .where('id', '=', userUnitId)
    .execute();
  await db
    .insertInto('sale_lots')
    .values({ user_unit_id: userUnitId, ...prices })
    .execute();
}

/** Takes an owned unit off sale: its lot goes, its flag and price are cleared. */
export async function withdrawUnit(db: Executor, userUnitId: number) {
  await db.deleteFrom('sale_lots').where('user_unit_id', '=', userUnitId).execute();
  await db
    .updateTable('user_units')
    .set({ is_sale: false, sale_price_kopecks: null })
    .where('id', '=', userUnitId)
    .execute();
}

/**
 * Income totals of owned units (by user_units id) up to a month, kopecks: the sum, the first and last months, and
 * the income of that last month; units with no income up to that month are left out. The sum is the unit's kept
 * total (income_totals, 025_income_totals.sql) less the few months after `lastMonth`, and the months are index
 * lookups, so the cost does not grow with the history.
 */
export async function incomeTotals(db: Executor, userUnitIds: number[], lastMonth: number) {
  const rows = await incomeTotalsStatement(db, { userUnitIds, lastMonth });
  return rows.flatMap(({ first, last, ...row }) =>
    first === null || last === null ? [] : [{ ...row, first, last }],
  );
}

const incomeTotalsStatement = prepared(
  'incomeTotals',
  (db, { userUnitIds, lastMonth }: { userUnitIds: number[]; lastMonth: number }) => {
    const month = hiddenFromPlanner(lastMonth, 'int');
    return db
      .selectFrom('income_totals as t')
      .where((eb) =>
        eb('t.user_unit_id', '=', sql<number>`any(${hiddenFromPlanner(userUnitIds, 'bigint[]')})`),
      )
      .select((eb) => {
        const incomesOfUnit = () =>
          eb.selectFrom('incomes as i').whereRef('i.user_unit_id', '=', 't.user_unit_id');
        return [
          't.user_unit_id',
          sql<number>`${eb.ref('t.total_kopecks')} - coalesce(${incomesOfUnit()
            .where('i.year_month', '>', month)
            .select((sub) => sub.fn.sum<number>('i.amount_kopecks').as('later'))}, 0)`.as('total'),
          incomesOfUnit()
            .where('i.year_month', '<=', month)
            .select((sub) => sub.fn.min<number>('i.year_month').as('first'))
            .as('first'),
          incomesOfUnit()
            .where('i.year_month', '<=', month)
            .select((sub) => sub.fn.max<number>('i.year_month').as('last'))
            .as('last'),
          sql<number>`coalesce(${incomesOfUnit()
            .where('i.year_month', '=', month)
            .select('i.amount_kopecks')}, 0)`.as('lastMonth'),
        ];
      });
  },
);
