import { randomBytes } from 'node:crypto';
import { PHOTO_TYPES } from '@portal/contract/backoffice-lots';
import type { filesApi } from '@portal/contract/files';
import { isMessageKey, type MessageKey } from '@portal/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/executor.ts';
import { type FileStore, FileTooLargeError, type StoredFileInfo } from '../integrations/file-store.ts';
import { insertUpload, uploadedFileType } from '../modules/uploads/service.ts';
import { sendWithRanges, storedFileSource } from './byte-ranges.ts';
import { AppError, badRequest, notFound } from './errors.ts';
import { readMultipart } from './multipart.ts';
import { routesOf } from './route.ts';

/**
 * Files the company uploads in the console (camera views, the financial report, lot, inventory and unit photos): one
 * file a multipart request, streamed into the file store as it arrives (never held whole in memory) under a long
 * random key, its type then told by its content, and served from /api/v1/files/{dir}/{key}, because <img>, <video>
 * and pdf.js's fetch of a public file send no bearer header.
 */

/**
 * An uploaded file already in the store under `key` (not yet recorded by any row), with the text fields sent before
 * it. The service that receives it records it inside `keepUpload`, so that a refused upload leaves the store again.
 */
export type SingleFile = {
  key: string;
  publicUrl: string;
  size: number;
  name: string | undefined;
  fields: Record<string, string>;
};

/** How many first bytes of a file tell its type (what file-type reads for the types we take). */
const TYPE_HEAD_BYTES = 4100;

/**
 * The one file of a multipart body, streamed into the store under a new key in `dir`, with the text fields sent
 * before it. Beyond maxBytes it is refused with `sizeKey` (400), a missing or broken file with reports.fileRequired
 * (400); either way nothing stays stored. A database failure stays what it is (503 while the database is away).
 */
export async function readSingleFile(
  ctx: AppContext,
  request: FastifyRequest,
  options: { dir: string; maxBytes: number; sizeKey: MessageKey },
): Promise<SingleFile> {
  const { file: part } = await readMultipart(request, {
    maxBytes: options.maxBytes,
    missingKey: 'reports.fileRequired',
  });
  if (!part) throw badRequest('reports.fileRequired', 'file');
  const { file } = part;
  let uploadFailed = false;
  async function* arriving() {
    try {
      yield* file;
    } catch (error) {
      uploadFailed = true;
      throw error;
    }
    // The reader ends a file past maxBytes with a FileTooLargeError; a truncated one is refused all the same.
    if (file.truncated) throw new FileTooLargeError(options.maxBytes);
  }
  const { key, publicUrl } = newFileKey(options.dir);
  let info: StoredFileInfo;
  try {
    info = await ctx.files.putStream(key, arriving(), { maxBytes: options.maxBytes });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw badRequest(options.sizeKey, 'file');
    // The body past the route's limit (413, http/multipart.ts) stays what it is.
    if (error instanceof AppError) throw error;
    // A broken upload is the client's; a database error stays what it is.
    if (uploadFailed) throw badRequest('reports.fileRequired', 'file');
    throw error;
  }
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const one = Array.isArray(field) ? field[0] : field;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
  }
  return { key, publicUrl, size: info.size, name: part.filename, fields };
}

/**
 * Runs `work` (a service's checks and the transaction that records a stored upload); if it fails, the file leaves
 * the store again, so a refused or failed upload leaves neither a file nor a row. The error is the work's.
 */
export async function keepUpload<T>(ctx: AppContext, file: SingleFile, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Best effort: with the database away the delete fails too, and the answer stays the work's (503).
    await ctx.files.delete(file.key).catch(() => undefined);
    throw error;
  }
}

/**
 * A photo added last in its owner's order (an inventory item's, a company lot's): JPEG, PNG or WebP by content
 * within `maxBytes`, at most `maxCount` photos an owner, after `authorize`. One transaction locks the owner (404 when
 * it is gone), counts its photos, records the upload and lets `insert` write the photo's row and the audit; a
 * refused or failed upload leaves neither a file nor a row (keepUpload).
 */
export async function addPhotoLast<Owner, Answer>(
  ctx: AppContext,
  file: SingleFile,
  rules: { authorize: () => Promise<unknown>; maxBytes: number; maxCount: number; uploadKind: string },
  steps: {
    lockOwner: (trx: Executor) => Promise<Owner | undefined>;
    positions: (trx: Executor) => Promise<Array<{ position: number }>>;
    insert: (
      trx: Executor,
      owner: Owner,
      photo: { position: number; uploadId: number; mime: string; url: string },
    ) => Promise<Answer>;
  },
): Promise<Answer> {
  return keepUpload(ctx, file, async () => {
    await rules.authorize();
    const mime = await typeByContent(ctx.files, file, PHOTO_TYPES, rules.maxBytes, {
      type: 'upload.photoType',
      size: 'upload.photoSize',
    });
    return ctx.database.db.transaction().execute(async (trx) => {
      const owner = await steps.lockOwner(trx);
      if (!owner) throw notFound();
      const photos = await steps.positions(trx);
      if (photos.length >= rules.maxCount) throw badRequest('upload.tooMany', 'file');
      const uploadId = await insertUpload(trx, {
        key: file.key,
        kind: rules.uploadKind,
        mime,
        size: file.size,
        name: file.name,
      });
      const position = Math.max(-1, ...photos.map((p) => p.position)) + 1;
      return steps.insert(trx, owner, { position, uploadId, mime, url: file.publicUrl });
    });
  });
}

/** The text fields of a multipart body checked with a contract schema: the first problem answers 400. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key: MessageKey = issue && isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  throw badRequest(key, String(issue?.path[0] ?? 'file'));
}

/** The first `bytes` bytes of a stored file (fewer if it is shorter), read from the store chunk by chunk. */
async function storedHead(files: FileStore, key: string, bytes: number): Promise<Buffer> {
  const stream = await files.openRead(key, { start: 0, end: bytes - 1 });
  if (!stream) return Buffer.alloc(0);
  const parts: Buffer[] = [];
  for await (const piece of stream) parts.push(Buffer.from(piece as Uint8Array));
  return Buffer.concat(parts);
}

/**
 * A stored upload's type by its content (its first bytes, never its name or declared type), one of `allowed`,
 * within `maxBytes`; else 400 (an empty file: reports.fileRequired).
 */
export async function typeByContent<T extends string>(
  files: FileStore,
  file: SingleFile,
  allowed: readonly T[],
  maxBytes: number,
  keys: { type: MessageKey; size: MessageKey },
): Promise<T> {
  if (file.size === 0) throw badRequest('reports.fileRequired', 'file');
  const mime = (await fileTypeFromBuffer(await storedHead(files, file.key, TYPE_HEAD_BYTES)))?.mime;
  const known = allowed.find((t) => t === mime);
  if (!known) throw badRequest(keys.type, 'file');
  if (file.size > maxBytes) throw badRequest(keys.size, 'file');
  return known;
}

/** A new unguessable key in `dir` and the public address it will be served from. */
export function newFileKey(dir: string) {
  const key = `${dir}/${randomBytes(18).toString('base64url')}`;
  return { key, publicUrl: `/api/v1/files/${key}` };
}

export async function deleteStoredFiles(ctx: AppContext, keys: string[]) {
  await Promise.all(keys.map((key) => ctx.files.delete(key)));
}

/** The contract's definition of a directory's files: GET /files/{dir}/:name, public, a file answer. */
type UploadedFilesRoute = (typeof filesApi)[keyof typeof filesApi];

/**
 * Serves `definition` (GET /files/{dir}/:name): an uploaded file of `kind` in `dir` by its unguessable name, with
 * byte ranges. The definition's path must be the directory's (checked when the route is registered).
 */
export function serveUploadedFiles(
  app: FastifyInstance,
  ctx: AppContext,
  definition: UploadedFilesRoute,
  options: { dir: string; kind: string },
) {
  if (definition.path !== `/files/${options.dir}/:name`) {
    throw new Error(`${definition.path} does not serve the files of ${options.dir}`);
  }
  routesOf(app, ctx)(definition, async (request, reply) => {
    const key = `${options.dir}/${request.params.name}`;
    const mimeType = await uploadedFileType(ctx, key, options.kind);
    const file = mimeType ? await storedFileSource(ctx.files, key) : null;
    if (!mimeType || !file) throw notFound();
    reply.type(mimeType).header('cache-control', 'private, max-age=86400, immutable');
    return sendWithRanges(request, reply, file);
  });
}
