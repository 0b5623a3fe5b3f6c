import type { InventoryImages, InventoryItems } from '@portal/contract/inventory';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Session } from '../auth/sessions.ts';
import { kopecksToRubles } from '../income/calculations.ts';
import { inventoryPhotoPng } from './images.ts';

/** Inventory is the investors' (spec §6): anyone else gets 403; a unit the investor does not own is 404. */
async function ownedUnit(ctx: AppContext, session: Session, unitId: number) {
  if (!session.roles.includes('INVESTOR')) throw forbidden();
  const row = await ctx.database.db
    .selectFrom('user_units')
    .select('unit_id')
    .where('user_id', '=', session.userId)
    .where('unit_id', '=', unitId)
    .where('relation', '=', 'owner')
    .executeTakeFirst();
  if (!row) throw notFound();
}

/** GET id-logic/items: the unit's inventory by space, then by name. */
export async function inventoryItems(
  ctx: AppContext,
  session: Session,
  unitId: number,
): Promise<InventoryItems> {
  await ownedUnit(ctx, session, unitId);
  const rows = await ctx.database.db
    .selectFrom('inventory_items')
    .selectAll()
    .where('unit_id', '=', unitId)
    .orderBy('space_id')
    .orderBy('id')
    .execute();
  return {
    items: rows.map((r) => ({
      ItemID: r.id,
      ItemName: r.name,
      ItemNameEn: r.name_en,
      InvNumber: r.inv_number,
      Cost: kopecksToRubles(r.cost_kopecks),
      InvStatus: r.inv_status,
      InvDate: r.inv_date,
      LocID: r.space_id,
      LocName: r.space_name,
      LocNameEn: r.space_name_en,
      imageCount: r.image_count,
    })),
  };
}

/** GET id-logic/item/images: the current photos of an item of the investor's unit. */
export async function inventoryImages(
  ctx: AppContext,
  session: Session,
  itemId: number,
): Promise<InventoryImages> {
  if (!session.roles.includes('INVESTOR')) throw forbidden();
  const item = await ctx.database.db
    .selectFrom('inventory_items')
    .select(['unit_id', 'image_count'])
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (!item) throw notFound();
  await ownedUnit(ctx, session, item.unit_id);
  return {
    images: Array.from({ length: item.image_count }, (_, i) => ({
      Image: inventoryPhotoPng(itemId, i).toString('base64'),
      mimeType: 'image/png',
    })),
  };
}
