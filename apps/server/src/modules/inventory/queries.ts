import type { Executor } from '../../db/executor.ts';

/** A unit's items, by space then in order, for the owner's list. */
export async function unitItems(db: Executor, unitId: number) {
  return db
    .selectFrom('inventory_items')
    .selectAll()
    .where('unit_id', '=', unitId)
    .orderBy('space_id')
    .orderBy('id')
    .execute();
}

/** A unit's items, by space then in order, for the console's list. */
export async function unitItemsForConsole(db: Executor, unitId: number) {
  return db
    .selectFrom('inventory_items')
    .select(['id', 'inv_number', 'name', 'space_name'])
    .where('unit_id', '=', unitId)
    .orderBy('space_id')
    .orderBy('id')
    .execute();
}

export async function itemUnitAndImageCount(db: Executor, itemId: number) {
  return db
    .selectFrom('inventory_items')
    .select(['unit_id', 'image_count'])
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export async function itemIdByInvNumber(db: Executor, unitId: number, invNumber: string) {
  return db
    .selectFrom('inventory_items')
    .select('id')
    .where('unit_id', '=', unitId)
    .where('inv_number', '=', invNumber)
    .executeTakeFirstOrThrow();
}

/** An item, locked for the rest of the transaction. */
export async function itemForUpdate(db: Executor, itemId: number) {
  return db
    .selectFrom('inventory_items')
    .select(['id', 'unit_id', 'inv_number'])
    .where('id', '=', itemId)
    .forUpdate()
    .executeTakeFirst();
}

export async function unitExists(db: Executor, unitId: number): Promise<boolean> {
  const unit = await db.selectFrom('units').select('id').where('id', '=', unitId).executeTakeFirst();
  return unit !== undefined;
}

export async function itemPhotos(db: Executor, itemId: number) {
  return db
    .selectFrom('inventory_photos as p')
    .leftJoin('uploads as up', 'up.id', 'p.upload_id')
    .select(['p.id', 'p.url', 'p.upload_id', 'p.position', 'up.storage_key', 'up.mime_type'])
    .where('p.item_id', '=', itemId)
    .orderBy('p.position')
    .orderBy('p.id')
    .execute();
}

/** The photos of some items, each item's in order. */
export async function photosOfItems(db: Executor, itemIds: number[]) {
  return db
    .selectFrom('inventory_photos')
    .select(['id', 'item_id', 'url', 'upload_id'])
    .where('item_id', 'in', itemIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** How many real photos each item has (items without any are absent). */
export async function photoCounts(db: Executor, itemIds: number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('inventory_photos')
    .select(['item_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('item_id', 'in', itemIds)
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.n)]));
}

export async function photoPositions(db: Executor, itemId: number) {
  return db.selectFrom('inventory_photos').select('position').where('item_id', '=', itemId).execute();
}

/** The address of every uploaded photo with the unit and inventory number of its item. */
export async function uploadedPhotoAddresses(db: Executor) {
  return db
    .selectFrom('inventory_photos as p')
    .innerJoin('inventory_items as i', 'i.id', 'p.item_id')
    .select(['p.url', 'i.unit_id', 'i.inv_number'])
    .where('p.upload_id', 'is not', null)
    .execute();
}

/** Deletes an item's link photos (uploaded photos keep their rows and files). */
export async function deleteLinkPhotos(db: Executor, itemId: number) {
  await db
    .deleteFrom('inventory_photos')
    .where('item_id', '=', itemId)
    .where('upload_id', 'is', null)
    .execute();
}

export async function insertLinkPhoto(db: Executor, itemId: number, position: number, url: string) {
  await db.insertInto('inventory_photos').values({ item_id: itemId, position, url }).execute();
}

export async function setPhotoPosition(db: Executor, photoId: number, position: number) {
  await db.updateTable('inventory_photos').set({ position }).where('id', '=', photoId).execute();
}

export async function insertUploadedPhoto(
  db: Executor,
  photo: { itemId: number; position: number; url: string; uploadId: number },
) {
  return db
    .insertInto('inventory_photos')
    .values({ item_id: photo.itemId, position: photo.position, url: photo.url, upload_id: photo.uploadId })
    .returning(['id', 'url', 'upload_id'])
    .executeTakeFirstOrThrow();
}

/** Deletes a photo of an item; answers its upload and address, or undefined when the item has no such photo. */
export async function deleteItemPhoto(db: Executor, itemId: number, photoId: number) {
  return db
    .deleteFrom('inventory_photos')
    .where('id', '=', photoId)
    .where('item_id', '=', itemId)
    .returning(['upload_id', 'url'])
    .executeTakeFirst();
}
