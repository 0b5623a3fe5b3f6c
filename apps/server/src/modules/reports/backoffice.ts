import { randomBytes } from 'node:crypto';
import {
  REPORT_IMAGE_MAX_BYTES,
  REPORT_MEDIA_TYPES,
  REPORT_VIDEO_MAX_BYTES,
  STAFF_REPORTS_PAGE_SIZE,
  type StaffReport,
  type StaffReportList,
  type StaffReportMedia,
  type staffReportBodySchema,
} from '@portal/contract/backoffice-reports';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { type RangeSource, storedFileSource } from '../../http/byte-ranges.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { type FileSource, FileTooLargeError, type StoredFileInfo } from '../../integrations/file-store.ts';
import { sanitizeHtml } from '../../integrations/html.ts';
import { staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { notifyLocationOwners } from '../notifications/service.ts';
import * as q from './queries.ts';

/**
 * The console's photo and video reports. Like news, reports are the company's content, so every manager and admin
 * may write them; subtitles are sanitized when stored and every change is in the audit log.
 */
type ReportFields = z.output<typeof staffReportBodySchema>;

const MEDIA_KIND = 'report-media';
const MEDIA_DIR = 'reports';

export async function staffReports(
  ctx: AppContext,
  session: Session,
  locationId: number,
  page: number,
): Promise<StaffReportList> {
  await staffScope(ctx, session);
  const { db } = ctx.database;
  const [rows, total] = await Promise.all([
    q.locationReports(db, locationId, STAFF_REPORTS_PAGE_SIZE, (page - 1) * STAFF_REPORTS_PAGE_SIZE),
    q.countLocationReports(db, locationId),
  ]);
  const media = await q.mediaOf(
    db,
    rows.map((r) => r.id),
  );
  const items: StaffReport[] = rows.map((r) => ({
    id: r.id,
    locationId: r.location_id,
    unitId: r.unit_id,
    unitName: r.unit_name,
    unitNameEn: r.unit_name_en,
    reportDate: r.report_date,
    title: r.title,
    titleEn: r.title_en,
    subtitle: r.subtitle_html,
    subtitleEn: r.subtitle_html_en,
    media: media
      .filter((m) => m.report_id === r.id)
      .map((m) => ({ id: m.id, publicUrl: m.public_url, mimeType: m.mime_type })),
  }));
  return { items, total };
}

async function assertPlace(db: Executor, body: ReportFields) {
  if (!(await q.reportLocation(db, body.locationId))) throw badRequest('validation.invalid', 'locationId');
  if (body.unitId != null && !(await q.unitInLocation(db, body.unitId, body.locationId))) {
    throw badRequest('reports.unitOfLocation', 'unitId');
  }
}

const reportRow = (body: ReportFields) => ({
  location_id: body.locationId,
  unit_id: body.unitId ?? null,
  report_date: body.reportDate,
  title: body.title,
  title_en: body.titleEn || body.title,
  subtitle_html: sanitizeHtml(body.subtitle),
  subtitle_html_en: sanitizeHtml(body.subtitleEn || body.subtitle),
});

/** A report's fields as the audit log compares them. */
const reportFields = (row: ReturnType<typeof reportRow>) => ({
  locationId: row.location_id,
  unitId: row.unit_id,
  reportDate: row.report_date,
  title: row.title,
  titleEn: row.title_en,
  subtitle: row.subtitle_html,
  subtitleEn: row.subtitle_html_en,
});

/** Creates (id undefined) or updates a report; another id answers 404. */
export async function saveReport(
  ctx: AppContext,
  session: Session,
  id: number | undefined,
  body: ReportFields,
): Promise<number> {
  await staffScope(ctx, session);
  const saved = await ctx.database.db.transaction().execute(async (trx) => {
    await assertPlace(trx, body);
    const current = id === undefined ? undefined : await q.reportForUpdate(trx, id);
    if (id !== undefined && !current) throw notFound();
    const row = reportRow(body);
    const savedId = await q.saveReportRow(trx, id, row);
    if (savedId === undefined) throw notFound();
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: `content.report.${id === undefined ? 'create' : 'update'}`,
      entity: 'media_report',
      entityId: savedId,
      details: {
        title: body.title,
        locationId: body.locationId,
        unitId: body.unitId ?? null,
        reportDate: body.reportDate,
        ...(current && { changes: changesOf(reportFields(current), reportFields(row)) }),
      },
    });
    // A new report tells the owners of its location (or of its unit) once; an edit tells no one again.
    const place = await q.reportPlaceName(trx, row.location_id);
    await notifyLocationOwners(
      trx,
      { locationId: row.location_id, unitId: row.unit_id },
      {
        kind: 'report',
        eventKey: `report:${savedId}`,
        params: {
          reportId: Number(savedId),
          title: row.title,
          titleEn: row.title_en,
          location: place?.name ?? '',
          locationEn: place?.name_en ?? '',
        },
        link: '/dashboard/reports/',
      },
    );
    return Number(savedId);
  });
  ctx.outbox.nudge();
  return saved;
}

/** Deletes a report with its media; the files leave the store once the rows are gone. */
export async function deleteReport(ctx: AppContext, session: Session, id: number): Promise<void> {
  await staffScope(ctx, session);
  const keys = await ctx.database.db.transaction().execute(async (trx) => {
    const report = await q.lockReport(trx, id);
    if (!report) throw notFound();
    const uploads = await q.uploadKeysOf(trx, id);
    await q.deleteReportRow(trx, id);
    await q.deleteUploads(
      trx,
      uploads.map((u) => u.id),
    );
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.report.delete',
      entity: 'media_report',
      entityId: id,
      details: { title: report.title, files: uploads.length },
    });
    return uploads.map((u) => u.storage_key);
  });
  await Promise.all(keys.map((key) => ctx.files.delete(key)));
}

/** An uploaded file as it arrives: its bytes, its name, and whether the upload limit cut it short. */
export type UploadedMedia = { stream: FileSource; name: string | undefined; truncated(): boolean };

/**
 * Stores an upload as it streams in, then checks it by its content (not its name or declared type) and its size
 * limit; a refused file leaves the store again.
 */
async function storeMedia(ctx: AppContext, key: string, file: UploadedMedia) {
  let info: StoredFileInfo;
  let uploadFailed = false;
  async function* arriving() {
    try {
      yield* file.stream;
    } catch (error) {
      uploadFailed = true;
      throw error;
    }
  }
  try {
    info = await ctx.files.putStream(key, arriving(), { maxBytes: REPORT_VIDEO_MAX_BYTES });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw badRequest('reports.fileSize', 'file');
    // The body past the route's limit (413, http/multipart.ts) stays what it is.
    if (error instanceof AppError) throw error;
    // A broken upload is the client's; a database error stays what it is (503 while the database is away).
    if (uploadFailed) throw badRequest('reports.fileRequired', 'file');
    throw error;
  }
  const refuse = async (problem: 'reports.fileRequired' | 'reports.fileType' | 'reports.fileSize') => {
    await ctx.files.delete(key);
    return badRequest(problem, 'file');
  };
  if (file.truncated()) throw await refuse('reports.fileSize');
  if (info.size === 0) throw await refuse('reports.fileRequired');
  const mime = REPORT_MEDIA_TYPES.find((t) => t === info.contentType);
  if (!mime) throw await refuse('reports.fileType');
  if (info.size > (mime === 'video/mp4' ? REPORT_VIDEO_MAX_BYTES : REPORT_IMAGE_MAX_BYTES))
    throw await refuse('reports.fileSize');
  return { mime, size: info.size };
}

/** Adds a photo or video to a report, last in its order. */
export async function addMedia(
  ctx: AppContext,
  session: Session,
  reportId: number,
  file: UploadedMedia,
): Promise<StaffReportMedia> {
  await staffScope(ctx, session);
  // The key is the file's only address for owners' <img> and <video>, so it is long and random.
  const key = `${MEDIA_DIR}/${randomBytes(18).toString('base64url')}`;
  const publicUrl = `/api/v1/files/${key}`;
  const { mime, size } = await storeMedia(ctx, key, file);
  const mimeType = mime === 'video/mp4' ? 'VIDEO' : mime;
  try {
    return await ctx.database.db.transaction().execute(async (trx) => {
      const report = await q.lockReport(trx, reportId);
      if (!report) throw notFound();
      const uploadId = await q.insertMediaUpload(trx, {
        storage_key: key,
        owner_user_id: null,
        kind: MEDIA_KIND,
        mime_type: mime,
        size_bytes: size,
        original_name: (file.name ?? '').split(/[\\/]/).pop()?.slice(0, 200) || null,
      });
      const media = await q.insertReportMedia(trx, {
        report_id: reportId,
        position: await q.nextPosition(trx, reportId),
        public_url: publicUrl,
        mime_type: mimeType,
        upload_id: uploadId,
      });
      await recordAudit(trx, {
        actorUserId: session.userId,
        action: 'content.report.media.add',
        entity: 'media_report',
        entityId: reportId,
        details: { mediaId: media.id, uploadId, mimeType: mime, sizeBytes: size },
      });
      return { id: Number(media.id), publicUrl, mimeType };
    });
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
}

export async function removeMedia(
  ctx: AppContext,
  session: Session,
  reportId: number,
  mediaId: number,
): Promise<void> {
  await staffScope(ctx, session);
  const key = await ctx.database.db.transaction().execute(async (trx) => {
    const gone = await q.deleteReportMedia(trx, reportId, mediaId);
    if (!gone) throw notFound();
    const upload = gone.upload_id ? await q.deleteUpload(trx, gone.upload_id) : undefined;
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.report.media.remove',
      entity: 'media_report',
      entityId: reportId,
      details: { mediaId, publicUrl: gone.public_url },
    });
    return upload?.storage_key;
  });
  if (key) await ctx.files.delete(key);
}

/** A report's uploaded file, served by its unguessable key so owners' <img> and <video> load it. */
export async function readReportMedia(
  ctx: AppContext,
  name: string,
): Promise<(RangeSource & { mimeType: string }) | null> {
  const key = `${MEDIA_DIR}/${name}`;
  const upload = await q.reportUpload(ctx.database.db, key);
  if (!upload) return null;
  const file = await storedFileSource(ctx.files, key);
  return file ? { ...file, mimeType: upload.mime_type } : null;
}
