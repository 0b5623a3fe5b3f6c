import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { portalNow } from '../../shared/clock.ts';
import { toKopecks, toRubles } from '../../shared/money.ts';
import { moscowDate } from '../../shared/time.ts';
import { requireRole } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import { createManagerRequest } from '../requests/service.ts';
import { unitIncomes } from './incomes.ts';
import * as q from './queries.ts';

/** The marketplace discount on the market price of a unit, shown as the lot's discount price. */
export const LOT_DISCOUNT = 0.1;

/** One of the user's own units (modules/access: relation owner), else 404: another user's unit is never revealed. */
async function ownedUnit(db: Executor, userId: number, unitId: number) {
  const row = await q.ownedUnitForSale(db, userId, unitId);
  if (!row) throw notFound();
  return row;
}

/**
 * The market price of a unit: its latest capitalization price up to today, else what the owner invested, else
 * the asking price (kopecks).
 */
async function marketPrice(db: Executor, unitId: number, fallback: number, now: Date) {
  const price = await q.latestCapitalizationPrice(db, unitId, moscowDate(now));
  return price ?? fallback;
}

/** The lot's prices beside the asking price: market price and the marketplace discount on it (kopecks). */
export function lotPrices(market: number) {
  // The discounted price is rounded to whole thousands of rubles, as prices are quoted.
  const discounted = Math.round((market * (1 - LOT_DISCOUNT)) / 100_000) * 100_000;
  return { default_price_kopecks: market, discount_price_kopecks: Math.max(discounted, 100_000) };
}

/**
 * POST sale-unit/offer-unit-for-sale: an investor lists one of their own units (404 otherwise) at a price above 0
 * (the contract refuses the rest), only while the unit earns: its last month's income is above 0 (spec: States and
 * transitions).
 */
export async function offerUnitForSale(
  ctx: AppContext,
  session: Session,
  body: { unit_id: number; price: number },
  now = portalNow(ctx.config.portalToday),
): Promise<void> {
  requireRole(session, 'INVESTOR');
  await ctx.database.db.transaction().execute(async (trx) => {
    const unit = await ownedUnit(trx, session.userId, body.unit_id);
    if (unit.is_sale) throw badRequest('sale.alreadyOnSale', 'unit_id');
    const income = (await unitIncomes(trx, [Number(unit.userUnitId)], now)).get(Number(unit.userUnitId));
    if (!income || income.lastMonth <= 0) throw badRequest('sale.noIncome', 'unit_id');
    const price = toKopecks(body.price);
    const market = await marketPrice(trx, Number(unit.unitId), Number(unit.invested_kopecks) || price, now);
    await q.listUnit(trx, unit.userUnitId, price, lotPrices(market));
  });
}

/** POST sale-unit/delete-lot: the investor withdraws one of their own units from sale. */
export async function deleteLot(ctx: AppContext, session: Session, unitId: number): Promise<void> {
  requireRole(session, 'INVESTOR');
  await ctx.database.db.transaction().execute(async (trx) => {
    const unit = await ownedUnit(trx, session.userId, unitId);
    if (!unit.is_sale) throw badRequest('sale.notOnSale', 'unit_id');
    await q.withdrawUnit(trx, unit.userUnitId);
  });
}

/**
 * POST sale-unit/send-notification: tells the manager of the sale state of one of the investor's units, listed
 * (with the price) or withdrawn; the web client sends it after each sell or remove.
 */
export async function sendSaleNotification(
  ctx: AppContext,
  session: Session,
  body: { unit_id: number },
): Promise<number> {
  requireRole(session, 'INVESTOR');
  const id = await ctx.database.db.transaction().execute(async (trx) => {
    const unit = await ownedUnit(trx, session.userId, body.unit_id);
    return createManagerRequest(ctx, trx, session.userId, 'sale_notice', {
      unitId: Number(unit.unitId),
      unit: unit.name,
      location: unit.locationName,
      status: unit.is_sale ? 'listed' : 'withdrawn',
      ...(unit.sale_price_kopecks !== null ? { price: toRubles(Number(unit.sale_price_kopecks)) } : {}),
    });
  });
  ctx.outbox.nudge();
  return id;
}
