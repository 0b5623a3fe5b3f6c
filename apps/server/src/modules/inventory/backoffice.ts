import {
  INVENTORY_PHOTO_MAX_BYTES,
  INVENTORY_PHOTOS_MAX,
  type StaffInventory,
  type StaffInventoryPhoto,
} from '@portal/contract/backoffice-inventory';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { notFound } from '../../http/errors.ts';
import { addPhotoLast, deleteStoredFiles, type SingleFile } from '../../http/uploaded-files.ts';
import { staffScope } from '../access/service.ts';
import { recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { deleteUploads } from '../uploads/service.ts';
import * as q from './queries.ts';

/**
 * Real photos of inventory items: files uploaded in the console for an item (served from
 * /api/v1/files/inventory/{key}, sent to owners as base64 like the spec's images) and https links named by the
 * import's photos column (sent to owners as the link). Generated placeholders are only for items without either
 * whose image_count the demo seed set.
 */
export const INVENTORY_FILES_DIR = 'inventory';
export const INVENTORY_UPLOAD_KIND = 'inventory-photo';
const FILE_PREFIX = `/api/v1/files/${INVENTORY_FILES_DIR}/`;

// ---- the import's photos column ----

/** One entry of the photos column: an https link, or the address of a photo uploaded for the item in the console. */
const photoEntry = z
  .string()
  .trim()
  .refine(
    (value) => {
      if (value.startsWith(FILE_PREFIX)) return /^[A-Za-z0-9_-]{1,64}$/.test(value.slice(FILE_PREFIX.length));
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'inventory.photoRef' },
  );

/** The photos column: entries separated by |; empty leaves the item's photos as they are. */
export const importPhotoColumn = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split('|')
          .map((v) => v.trim())
          .filter(Boolean)
      : (value ?? []),
  z.array(photoEntry).max(INVENTORY_PHOTOS_MAX, { message: 'upload.tooMany' }),
);

const isUploadRef = (entry: string) => entry.startsWith(FILE_PREFIX);

/**
 * Checks, once per import, that every file address of a row is a photo uploaded for that very item (unitId +
 * invNumber); answers the problem of a row, or null.
 */
export async function importPhotoReferences(db: Executor) {
  const rows = await q.uploadedPhotoAddresses(db);
  const known = new Set(rows.map((r) => `${r.unit_id}:${r.inv_number}:${r.url}`));
  return (row: { unitId: number; invNumber: string; photos?: string[] }) =>
    (row.photos ?? []).some(
      (entry) => isUploadRef(entry) && !known.has(`${row.unitId}:${row.invNumber}:${entry}`),
    )
      ? ({ field: 'photos', key: 'inventory.photoRef' } as const)
      : null;
}

/**
 * Applies the photos columns of imported rows: the named photos in the column's order (links replace the item's
 * links; uploaded photos keep their files), then any uploaded photo the column leaves out, so an import never
 * deletes a file. Answers how many items' photos changed among those whose row itself did not.
 */
export async function applyImportedPhotos(
  db: Executor,
  rows: Array<{ unitId: number; invNumber: string; photos?: string[] }>,
  changedKeys: Set<string>,
): Promise<number> {
  const named = rows.filter((row) => (row.photos ?? []).length > 0);
  let changed = 0;
  for (const row of named) {
    const item = await q.itemIdByInvNumber(db, row.unitId, row.invNumber);
    const itemId = Number(item.id);
    const existing = await q.itemPhotos(db, itemId);
    const uploaded = existing.filter((p) => p.upload_id !== null);
    const entries = [...new Set(row.photos ?? [])];
    const wanted: Array<{ url: string; id: number | null }> = entries.map((url) => ({
      url,
      id: isUploadRef(url) ? Number(uploaded.find((p) => p.url === url)?.id) : null,
    }));
    for (const p of uploaded) if (!entries.includes(p.url)) wanted.push({ url: p.url, id: Number(p.id) });
    const same =
      wanted.length === existing.length &&
      wanted.every(
        (w, i) => w.url === existing[i]?.url && (w.id === null) === (existing[i]?.upload_id === null),
      );
    if (same) continue;
    await q.deleteLinkPhotos(db, itemId);
    for (const [position, w] of wanted.entries()) {
      if (w.id === null) {
        await q.insertLinkPhoto(db, itemId, position, w.url);
      } else {
        await q.setPhotoPosition(db, w.id, position);
      }
    }
    if (!changedKeys.has(`${row.unitId}:${row.invNumber}`)) changed += 1;
  }
  return changed;
}

// ---- the console ----

const photoOf = (p: { id: number; url: string; upload_id: number | null }): StaffInventoryPhoto => ({
  id: Number(p.id),
  url: p.url,
  uploaded: p.upload_id !== null,
});

/** GET backoffice/inventory?unitId=: a unit's items with their real photos; 404 for an unknown unit. */
export async function staffInventory(
  ctx: AppContext,
  session: Session,
  unitId: number,
): Promise<StaffInventory> {
  await staffScope(ctx, session);
  const { db } = ctx.database;
  if (!(await q.unitExists(db, unitId))) throw notFound();
  const items = await q.unitItemsForConsole(db, unitId);
  const photos =
    items.length === 0
      ? []
      : await q.photosOfItems(
          db,
          items.map((i) => Number(i.id)),
        );
  return {
    items: items.map((i) => ({
      id: Number(i.id),
      invNumber: i.inv_number,
      name: i.name,
      spaceName: i.space_name,
      photos: photos.filter((p) => Number(p.item_id) === Number(i.id)).map(photoOf),
    })),
  };
}

/** Adds a photo (JPEG, PNG or WebP by content, at most 10 MB; streamed into the store) to an item, last in order. */
export async function addItemPhoto(
  ctx: AppContext,
  session: Session,
  itemId: number,
  file: SingleFile,
): Promise<StaffInventoryPhoto> {
  return addPhotoLast(
    ctx,
    file,
    {
      authorize: () => staffScope(ctx, session),
      maxBytes: INVENTORY_PHOTO_MAX_BYTES,
      maxCount: INVENTORY_PHOTOS_MAX,
      uploadKind: INVENTORY_UPLOAD_KIND,
    },
    {
      lockOwner: (trx) => q.itemForUpdate(trx, itemId),
      positions: (trx) => q.photoPositions(trx, itemId),
      async insert(trx, item, { position, uploadId, mime, url }) {
        const photo = await q.insertUploadedPhoto(trx, { itemId, position, url, uploadId });
        await recordAudit(trx, {
          actorUserId: session.userId,
          action: 'content.inventory.photo.add',
          entity: 'inventory_item',
          entityId: itemId,
          details: { photoId: photo.id, unitId: item.unit_id, invNumber: item.inv_number, mimeType: mime },
        });
        return photoOf(photo);
      },
    },
  );
}

/** Removes a photo (uploaded or a link) from an item. */
export async function removeItemPhoto(ctx: AppContext, session: Session, itemId: number, photoId: number) {
  await staffScope(ctx, session);
  const keys = await ctx.database.db.transaction().execute(async (trx) => {
    const gone = await q.deleteItemPhoto(trx, itemId, photoId);
    if (!gone) throw notFound();
    const keys = await deleteUploads(trx, gone.upload_id ? [Number(gone.upload_id)] : []);
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.inventory.photo.remove',
      entity: 'inventory_item',
      entityId: itemId,
      details: { photoId, uploaded: gone.upload_id !== null },
    });
    return keys;
  });
  await deleteStoredFiles(ctx, keys);
}
