import { annualYield } from '@portal/contract/money-rules';
import type { SaleLot } from '@portal/contract/promo';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { portalNow } from '../../shared/clock.ts';
import { toRubles } from '../../shared/money.ts';
import type { Session } from '../auth/sessions.ts';
import { createManagerRequest } from '../requests/service.ts';
import { unitIncomes } from '../units/incomes.ts';
import { publishedCompanyLots, sendCompanyLotRequest } from './backoffice.ts';
import * as q from './queries.ts';

/** GET sale-unit/get-sale-units: every lot on the marketplace, newest first; anyone signed in sees them. */
export async function saleLots(
  ctx: AppContext,
  session: Session,
  now = portalNow(ctx.config.portalToday),
): Promise<SaleLot[]> {
  const { db } = ctx.database;
  const rows = await q.listedLots(db);
  const incomes = await unitIncomes(
    db,
    rows.map((r) => Number(r.userUnitId)),
    now,
  );
  const investors = rows.map((r) => {
    const price = Number(r.sale_price_kopecks);
    return {
      lot_id: Number(r.lotId),
      source: 'investor' as const,
      unit_id: Number(r.unitId),
      investor_id: Number(r.user_id),
      description: null,
      descriptionEn: null,
      name: r.name,
      nameEn: r.name_en,
      photo_url: r.image_urls,
      promo: r.promo,
      capacity: r.capacity,
      area: Number(r.area),
      part: r.part,
      location_id: r.locationId,
      location: r.locationName,
      locationEn: r.locationNameEn,
      activeType: r.unit_type,
      activeTypeEn: r.unit_type_en,
      stage: r.stage,
      stageEn: r.stage_en,
      launchDate: r.date_of_launch,
      profit: annualYield(incomes.get(Number(r.userUnitId))?.averageMonthly ?? 0, price),
      defaultPrice: toRubles(Number(r.default_price_kopecks)),
      discountPrice: r.discount_price_kopecks === null ? null : toRubles(Number(r.discount_price_kopecks)),
      price: toRubles(price),
      isOwn: Number(r.user_id) === session.userId,
      listedAt: new Date(r.listed_at).getTime(),
    };
  });
  // Lots the company published come first when newer: both lists are newest first.
  const company = await publishedCompanyLots(db);
  return [...company, ...investors]
    .sort((a, b) => b.listedAt - a.listedAt)
    .map(({ listedAt: _, ...lot }) => lot);
}

/**
 * POST sale-unit/send-buy-request: a request to buy a lot, for the buyer's manager. The lot must be on sale by
 * that owner (404 otherwise); one's own lot is refused (spec: Validation rules).
 */
export async function sendBuyRequest(
  ctx: AppContext,
  session: Session,
  body: { owner_investor_id: number; unit_id: number },
): Promise<number> {
  if (body.owner_investor_id === session.userId) throw badRequest('sale.ownLot', 'owner_investor_id');
  if (body.owner_investor_id === 0) return sendCompanyLotRequest(ctx, session, body.unit_id);
  const id = await ctx.database.db.transaction().execute(async (trx) => {
    const lot = await q.lotOnSale(trx, body.owner_investor_id, body.unit_id);
    if (!lot) throw notFound();
    return createManagerRequest(ctx, trx, session.userId, 'buy_lot', {
      lotId: Number(lot.lotId),
      unitId: body.unit_id,
      ownerInvestorId: body.owner_investor_id,
      unit: lot.name,
      location: lot.locationName,
      price: toRubles(Number(lot.sale_price_kopecks)),
    });
  });
  ctx.outbox.nudge();
  return id;
}

/** POST suggestions/booking: the promo page's callback request to the phone given (already normalized). */
export async function requestCallback(ctx: AppContext, session: Session, phone: string): Promise<number> {
  const id = await ctx.database.db
    .transaction()
    .execute((trx) => createManagerRequest(ctx, trx, session.userId, 'callback', { phone, source: 'promo' }));
  ctx.outbox.nudge();
  return id;
}
