import { randomBytes } from 'node:crypto';
import {
  CAMERA_VIEW_MAX_BYTES,
  CAMERA_VIEWS_PER_LOCATION,
  type StaffCameras,
  type StaffCameraView,
  staffCameraViewBodySchema,
} from '@portal/contract/backoffice-cameras';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  deleteStoredFiles,
  keepUpload,
  parseFields,
  type SingleFile,
  typeByContent,
} from '../../http/uploaded-files.ts';
import { staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { deleteUploads, insertUpload } from '../uploads/service.ts';
import * as q from './queries.ts';
import { UpstreamRefusedError, vettedAddress } from './upstream.ts';

/**
 * The console's cameras of a location: the live stream's https address and up to five looping MP4 views. Cameras are
 * the company's content, so every manager and admin may set them; every change is audited.
 */
export const CAMERA_FILES_DIR = 'cameras';
export const CAMERA_UPLOAD_KIND = 'camera-view';

async function knownLocation(db: Executor, locationId: number) {
  if (!(await q.locationExists(db, locationId))) throw notFound();
}

const viewOf = (v: {
  id: number;
  position: number;
  title: string;
  title_en: string;
  url: string;
}): StaffCameraView => ({
  id: Number(v.id),
  position: v.position,
  title: v.title,
  titleEn: v.title_en,
  url: v.url,
});

export async function staffCameras(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<StaffCameras> {
  await staffScope(ctx, session);
  const { db } = ctx.database;
  await knownLocation(db, locationId);
  const [stream, views] = await Promise.all([
    q.streamOfLocation(db, locationId),
    q.viewsOfLocation(db, locationId),
  ]);
  return { locationId, streamUrl: stream?.stream_url ?? null, views: views.map(viewOf) };
}

/**
 * The form says at once when a camera's host is one the proxy will refuse (an internal address, upstream.ts). A host
 * that does not resolve now is kept: the proxy checks every fetch anyway, and answers 502 until it resolves.
 */
async function refuseInternalHost(ctx: AppContext, streamUrl: string) {
  try {
    await vettedAddress(
      new URL(streamUrl).hostname,
      ctx.config.cameraProxyAllowedHosts,
      AbortSignal.timeout(HOST_CHECK_MS),
    );
  } catch (error) {
    if (error instanceof UpstreamRefusedError) throw badRequest('cameras.streamInternal', 'streamUrl');
  }
}
const HOST_CHECK_MS = 3000;

/** Sets (a new proxy key with every new address) or removes the live stream of a location. */
export async function saveStream(
  ctx: AppContext,
  session: Session,
  locationId: number,
  streamUrl: string | null,
): Promise<StaffCameras> {
  await staffScope(ctx, session);
  if (streamUrl !== null) await refuseInternalHost(ctx, streamUrl);
  await ctx.database.db.transaction().execute(async (trx) => {
    await knownLocation(trx, locationId);
    const before = await q.streamUrlOfLocation(trx, locationId);
    if ((before?.stream_url ?? null) === streamUrl) return;
    if (streamUrl === null) {
      await q.deleteStream(trx, locationId);
    } else {
      await q.upsertStream(trx, locationId, {
        stream_url: streamUrl,
        proxy_key: randomBytes(18).toString('base64url'),
        updated_at: new Date(),
      });
    }
    // The address may carry the camera's token: the audit names the host only.
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: streamUrl === null ? 'content.camera.stream.remove' : 'content.camera.stream.set',
      entity: 'location',
      entityId: locationId,
      details: { host: streamUrl === null ? null : new URL(streamUrl).host },
    });
  });
  return staffCameras(ctx, session, locationId);
}

/** Adds a looping view (an MP4 by content, at most 50 MB; streamed into the store) in the first free of five places. */
export async function addView(
  ctx: AppContext,
  session: Session,
  locationId: number,
  file: SingleFile,
): Promise<StaffCameraView> {
  return keepUpload(ctx, file, async () => {
    await staffScope(ctx, session);
    const fields = parseFields(staffCameraViewBodySchema, file.fields);
    await knownLocation(ctx.database.db, locationId);
    const mime = await typeByContent(ctx.files, file, ['video/mp4'] as const, CAMERA_VIEW_MAX_BYTES, {
      type: 'upload.videoType',
      size: 'upload.videoSize',
    });
    const { key, publicUrl } = file;
    return ctx.database.db.transaction().execute(async (trx) => {
      await q.lockLocation(trx, locationId);
      const taken = new Set((await q.viewPositions(trx, locationId)).map((r) => r.position));
      const position = [1, 2, 3, 4, 5].find((p) => !taken.has(p));
      if (position === undefined || taken.size >= CAMERA_VIEWS_PER_LOCATION) {
        throw badRequest('cameras.tooManyViews', 'file');
      }
      const uploadId = await insertUpload(trx, {
        key,
        kind: CAMERA_UPLOAD_KIND,
        mime,
        size: file.size,
        name: file.name,
      });
      const view = await q.insertView(trx, {
        locationId,
        position,
        title: fields.title,
        titleEn: fields.titleEn || fields.title,
        url: publicUrl,
        uploadId,
      });
      await recordAudit(trx, {
        actorUserId: session.userId,
        action: 'content.camera.view.add',
        entity: 'camera_view',
        entityId: view.id,
        details: { locationId, position, title: view.title, sizeBytes: file.size },
      });
      return viewOf(view);
    });
  });
}

export async function updateView(
  ctx: AppContext,
  session: Session,
  id: number,
  body: { title: string; titleEn: string },
): Promise<StaffCameraView> {
  await staffScope(ctx, session);
  return ctx.database.db.transaction().execute(async (trx) => {
    const before = await q.lockView(trx, id);
    if (!before) throw notFound();
    const view = await q.updateViewTitles(trx, id, {
      title: body.title,
      titleEn: body.titleEn || body.title,
    });
    if (!view) throw notFound();
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.camera.view.update',
      entity: 'camera_view',
      entityId: id,
      details: {
        locationId: view.location_id,
        title: view.title,
        changes: changesOf(
          { title: before.title, titleEn: before.title_en },
          { title: view.title, titleEn: view.title_en },
        ),
      },
    });
    return viewOf(view);
  });
}

export async function removeView(ctx: AppContext, session: Session, id: number): Promise<void> {
  await staffScope(ctx, session);
  const keys = await ctx.database.db.transaction().execute(async (trx) => {
    const view = await q.deleteView(trx, id);
    if (!view) throw notFound();
    const keys = await deleteUploads(trx, view.upload_id ? [Number(view.upload_id)] : []);
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'content.camera.view.remove',
      entity: 'camera_view',
      entityId: id,
      details: { locationId: view.location_id, title: view.title },
    });
    return keys;
  });
  await deleteStoredFiles(ctx, keys);
}
