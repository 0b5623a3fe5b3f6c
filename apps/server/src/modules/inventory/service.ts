import type { InventoryImages, InventoryItems } from '@portal/contract/inventory';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { toRubles } from '../../shared/money.ts';
import { requireOwnedUnit, requireRole } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import { inventoryPhotoJpeg } from './images.ts';
import * as q from './queries.ts';

/**
 * preparedDate: the inventory date prepared for display, dd.mm.yyyy (the spec lists it beside InvDate without a
 * format; this is the date format of the portal's tables), null when the item has not been checked.
 */
export function preparedDate(invDate: string | null): string | null {
  const match = invDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(invDate) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : null;
}

/** GET id-logic/items: the unit's inventory by space, then by name. */
export async function inventoryItems(
  ctx: AppContext,
  session: Session,
  unitId: number,
): Promise<InventoryItems> {
  // Inventory is the investors' (spec: Roles and permissions): anyone else gets 403; a unit the investor does not own
  // is 404.
  await requireOwnedUnit(ctx, session, unitId);
  const rows = await q.unitItems(ctx.database.db, unitId);
  const counts = await q.photoCounts(
    ctx.database.db,
    rows.map((r) => Number(r.id)),
  );
  return {
    items: rows.map((r) => ({
      ItemID: r.id,
      ItemName: r.name,
      ItemNameEn: r.name_en,
      InvNumber: r.inv_number,
      Cost: toRubles(r.cost_kopecks),
      InvStatus: r.inv_status,
      InvDate: r.inv_date,
      preparedDate: preparedDate(r.inv_date),
      LocID: r.space_id,
      LocName: r.space_name,
      LocNameEn: r.space_name_en,
      imageCount: counts.get(Number(r.id)) ?? r.image_count,
    })),
  };
}

/**
 * GET id-logic/item/images: the current photos of an item of the investor's unit. Real photos (uploaded in the
 * console: their bytes; named by the import as https links: the link) come first and alone; an item without any
 * shows the generated placeholders its image_count asks for, which only the demo seed sets.
 */
export async function inventoryImages(
  ctx: AppContext,
  session: Session,
  itemId: number,
): Promise<InventoryImages> {
  requireRole(session, 'INVESTOR');
  const item = await q.itemUnitAndImageCount(ctx.database.db, itemId);
  if (!item) throw notFound();
  await requireOwnedUnit(ctx, session, item.unit_id);
  const photos = await q.itemPhotos(ctx.database.db, itemId);
  if (photos.length > 0) {
    const images = await Promise.all(
      photos.map(async (photo) => {
        if (!photo.storage_key) return { Image: '', mimeType: '', url: photo.url };
        const data = await ctx.files.get(photo.storage_key);
        return data ? { Image: data.toString('base64'), mimeType: photo.mime_type ?? 'image/jpeg' } : null;
      }),
    );
    return { images: images.filter((image) => image !== null) };
  }
  return {
    images: Array.from({ length: item.image_count }, (_, i) => ({
      Image: inventoryPhotoJpeg(itemId, i).toString('base64'),
      mimeType: 'image/jpeg',
    })),
  };
}
