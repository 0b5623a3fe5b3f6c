import type { Executor } from '../db/executor.ts';
import { lotPrices } from '../modules/units/service.ts';
import { toKopecks } from '../shared/money.ts';
import { moscowDate } from '../shared/time.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';

/**
 * Lots of the promo marketplace: units that several demo investors offer for sale, so every demo account sees
 * other people's lots (with the leave-request button) and the investors see their own (without it). Each demo
 * investor keeps an earning unit off sale, so the assets page can show the sell flow too.
 */
const LOTS: Array<{ userId: number; unitName: string; locationId: number; price: number; daysAgo: number }> =
  [
    {
      userId: DEMO_ACCOUNTS[0].id,
      unitName: 'Сюит-зеркало №2',
      locationId: 3,
      price: 16_900_000,
      daysAgo: 12,
    },
    {
      userId: DEMO_ACCOUNTS[2].id,
      unitName: 'Джуниор сюит №8',
      locationId: 2,
      price: 11_800_000,
      daysAgo: 30,
    },
    { userId: DEMO_ACCOUNTS[3].id, unitName: 'Баня №2', locationId: 1, price: 7_400_000, daysAgo: 5 },
    {
      userId: DEMO_ACCOUNTS[3].id,
      unitName: 'Джуниор сюит-зеркало №4',
      locationId: 3,
      price: 12_500_000,
      daysAgo: 21,
    },
  ];

export async function seedSales(db: Executor, now: Date) {
  for (const lot of LOTS) {
    const link = await db
      .selectFrom('user_units')
      .innerJoin('units', 'units.id', 'user_units.unit_id')
      .select(['user_units.id', 'user_units.unit_id', 'user_units.invested_kopecks'])
      .where('user_units.user_id', '=', lot.userId)
      .where('user_units.relation', '=', 'owner')
      .where('units.name', '=', lot.unitName)
      .where('units.location_id', '=', lot.locationId)
      .executeTakeFirst();
    if (!link) throw new Error(`demo lot ${lot.userId}:${lot.unitName} is not an owned unit`);
    const capitalization = await db
      .selectFrom('capitalization')
      .select('price_kopecks')
      .where('unit_id', '=', link.unit_id)
      .where('stage_date', '<=', moscowDate(now))
      .orderBy('stage_date', 'desc')
      .executeTakeFirst();
    const market = capitalization
      ? Number(capitalization.price_kopecks)
      : Math.round(Number(link.invested_kopecks) * 1.2);
    await db
      .updateTable('user_units')
      .set({ is_sale: true, sale_price_kopecks: toKopecks(lot.price) })
      .where('id', '=', link.id)
      .execute();
    await db
      .insertInto('sale_lots')
      .values({
        user_unit_id: link.id,
        ...lotPrices(market),
        listed_at: new Date(now.getTime() - lot.daysAgo * 86_400_000),
      })
      .execute();
  }
}
