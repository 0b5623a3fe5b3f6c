import {
  LOT_PHOTO_MAX_BYTES,
  LOT_PHOTOS_MAX,
  type StaffLot,
  type StaffLotPhoto,
  type staffLotBodySchema,
} from '@portal/contract/backoffice-lots';
import type { SaleLot } from '@portal/contract/promo';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { addPhotoLast, deleteStoredFiles, type SingleFile } from '../../http/uploaded-files.ts';
import { toKopecks, toRubles } from '../../shared/money.ts';
import { staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { createManagerRequest } from '../requests/service.ts';
import { deleteUploads } from '../uploads/service.ts';
import * as q from './queries.ts';

/**
 * Lots the company publishes on the promo page (console: backoffice/lots): a unit with a price, a discount price,
 * a profitability, a description in both languages, a label and real photos. Only published lots reach owners;
 * the company's lots are content, so every manager and admin may write them, and every change is audited.
 */
type LotBody = z.output<typeof staffLotBodySchema>;

export const LOT_FILES_DIR = 'lots';
export const LOT_UPLOAD_KIND = 'lot-photo';

/** The published lots for get-sale-units, with their time of publishing for the merged order. */
export async function publishedCompanyLots(db: Executor): Promise<Array<SaleLot & { listedAt: number }>> {
  const rows = await q.publishedCompanyLotRows(db);
  const photos = await q.companyLotPhotos(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const own = photos.filter((p) => Number(p.lot_id) === Number(r.id)).map((p) => p.public_url);
    const price = Number(r.price_kopecks);
    const discount = r.discount_price_kopecks === null ? null : Number(r.discount_price_kopecks);
    return {
      lot_id: Number(r.id),
      source: 'company' as const,
      unit_id: Number(r.unit_id),
      investor_id: 0,
      description: r.description,
      descriptionEn: r.description_en || r.description,
      name: r.unit_name,
      nameEn: r.unit_name_en,
      photo_url: own.length > 0 ? own : r.image_urls,
      promo: r.promo,
      capacity: r.capacity,
      area: Number(r.area),
      part: r.part,
      location_id: r.location_id,
      location: r.location_name,
      locationEn: r.location_name_en,
      activeType: r.unit_type,
      activeTypeEn: r.unit_type_en,
      stage: r.stage,
      stageEn: r.stage_en,
      launchDate: r.date_of_launch,
      profit: r.profit_percent === null ? 0 : Number(r.profit_percent),
      defaultPrice: toRubles(price),
      discountPrice: discount === null ? null : toRubles(discount),
      price: toRubles(discount ?? price),
      isOwn: false,
      listedAt: new Date(r.published_at ?? r.created_at).getTime(),
    };
  });
}

/** A buy request on a published company lot (owner_investor_id 0), for the buyer's manager; 404 otherwise. */
export async function sendCompanyLotRequest(
  ctx: AppContext,
  session: Session,
  unitId: number,
): Promise<number> {
  const id = await ctx.database.db.transaction().execute(async (trx) => {
    const lot = await q.publishedCompanyLotOfUnit(trx, unitId);
    if (!lot) throw notFound();
    return createManagerRequest(ctx, trx, session.userId, 'buy_lot', {
      companyLotId: Number(lot.id),
      unitId,
      ownerInvestorId: 0,
      unit: lot.unit_name,
      location: lot.location_name,
      price: toRubles(Number(lot.discount_price_kopecks ?? lot.price_kopecks)),
    });
  });
  ctx.outbox.nudge();
  return id;
}

function staffLotOf(
  r: q.CompanyLotRow,
  photos: Array<{ id: number; lot_id: number; public_url: string }>,
): StaffLot {
  return {
    id: Number(r.id),
    unitId: Number(r.unit_id),
    unitName: r.unit_name,
    unitNameEn: r.unit_name_en,
    locationId: r.location_id,
    locationName: r.location_name,
    locationNameEn: r.location_name_en,
    price: toRubles(Number(r.price_kopecks)),
    discountPrice: r.discount_price_kopecks === null ? null : toRubles(Number(r.discount_price_kopecks)),
    profit: r.profit_percent === null ? null : Number(r.profit_percent),
    description: r.description,
    descriptionEn: r.description_en,
    promo: r.promo,
    published: r.published,
    publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
    photos: photos
      .filter((p) => Number(p.lot_id) === Number(r.id))
      .map((p) => ({ id: Number(p.id), url: p.public_url })),
  };
}

/** GET backoffice/lots: every company lot, newest first (a company publishes a handful, so no pages). */
export async function staffLots(ctx: AppContext, session: Session): Promise<StaffLot[]> {
  await staffScope(ctx, session);
  const { db } = ctx.database;
  const rows = await q.companyLotRows(db);
  const photos = await q.companyLotPhotos(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => staffLotOf(r, photos));
}

async function staffLot(db: Executor, id: number): Promise<StaffLot> {
  const row = await q.companyLotById(db, id);
  if (!row) throw notFound();
  return staffLotOf(row, await q.companyLotPhotos(db, [id]));
}

/** A lot's fields as the audit log compares them, in rubles, from its stored or written row. */
const lotFields = (row: {
  unit_id: number | string;
  price_kopecks: number | string;
  discount_price_kopecks: number | string | null;
  profit_percent: number | string | null;
  description: string;
  description_en: string;
  promo: string | null;
  published: boolean;
}) => ({
  unitId: Number(row.unit_id),
  price: toRubles(Number(row.price_kopecks)),
  discountPrice: row.discount_price_kopecks === null ? null : toRubles(Number(row.discount_price_kopecks)),
  profit: row.profit_percent === null ? null : Number(row.profit_percent),
  description: row.description,
  descriptionEn: row.description_en,
  promo: row.promo,
  published: row.published,
});

/** Creates (id undefined) or changes a lot; publishing dates it now, so it comes first on the promo page. */
export async function saveLot(
  ctx: AppContext,
  session: Session,
  id: number | undefined,
  body: LotBody,
): Promise<StaffLot> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const unit = await q.unitName(trx, body.unitId);
    if (!unit) throw badRequest('validation.invalid', 'unitId');
    const before = id === undefined ? undefined : await q.companyLotForUpdate(trx, id);
    if (id !== undefined && !before) throw notFound();
    const values = {
      unit_id: body.unitId,
      price_kopecks: toKopecks(body.price),
      discount_price_kopecks: body.discountPrice === null ? null : toKopecks(body.discountPrice),
      profit_percent: body.profit,
      description: body.description,
      description_en: body.descriptionEn,
      promo: body.promo ?? null,
      published: body.published,
      published_at: body.published ? (before?.published ? before.published_at : new Date()) : null,
    };
    const saved = await q.saveCompanyLot(trx, id, values);
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: `content.lot.${id === undefined ? 'create' : 'update'}`,
      entity: 'company_lot',
      entityId: saved.id,
      details: {
        unitId: body.unitId,
        unit: unit.name,
        price: body.price,
        discountPrice: body.discountPrice,
        published: body.published,
        ...(before && { changes: changesOf(lotFields(before), lotFields(values)) }),
      },
    });
    return staffLot(trx, Number(saved.id));
  });
}

export async function deleteLot(ctx: AppContext, session: Session, id: number): Promise<void> {
  await staffScope(ctx, session);
  const keys = await ctx.database.db.transaction().execute(async (trx) => {
    const uploads = await q.companyLotUploadIds(trx, id);
    const gone = await q.deleteCompanyLot(trx, id);
    if (!gone) throw notFound();
    const keys = await deleteUploads(
      trx,
      uploads.map((u) => Number(u.upload_id)),
    );
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.lot.delete',
      entity: 'company_lot',
      entityId: id,
      details: { unitId: gone.unit_id, photos: keys.length },
    });
    return keys;
  });
  await deleteStoredFiles(ctx, keys);
}

/** Adds a photo (JPEG, PNG or WebP by content, at most 10 MB; streamed into the store), last in the lot's order. */
export async function addLotPhoto(
  ctx: AppContext,
  session: Session,
  lotId: number,
  file: SingleFile,
): Promise<StaffLotPhoto> {
  return addPhotoLast(
    ctx,
    file,
    {
      authorize: () => staffScope(ctx, session),
      maxBytes: LOT_PHOTO_MAX_BYTES,
      maxCount: LOT_PHOTOS_MAX,
      uploadKind: LOT_UPLOAD_KIND,
    },
    {
      lockOwner: (trx) => q.lockCompanyLot(trx, lotId),
      positions: (trx) => q.companyLotPhotoPositions(trx, lotId),
      async insert(trx, _lot, { position, uploadId, mime, url }) {
        const photo = await q.insertCompanyLotPhoto(trx, { lotId, position, publicUrl: url, uploadId });
        await recordAudit(trx, {
          actorUserId: session.userId,
          action: 'content.lot.photo.add',
          entity: 'company_lot',
          entityId: lotId,
          details: { photoId: photo.id, mimeType: mime, sizeBytes: file.size },
        });
        return { id: Number(photo.id), url };
      },
    },
  );
}

export async function removeLotPhoto(ctx: AppContext, session: Session, lotId: number, photoId: number) {
  await staffScope(ctx, session);
  const keys = await ctx.database.db.transaction().execute(async (trx) => {
    const gone = await q.deleteCompanyLotPhoto(trx, lotId, photoId);
    if (!gone) throw notFound();
    const keys = await deleteUploads(trx, gone.upload_id ? [Number(gone.upload_id)] : []);
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.lot.photo.remove',
      entity: 'company_lot',
      entityId: lotId,
      details: { photoId },
    });
    return keys;
  });
  await deleteStoredFiles(ctx, keys);
}
