import { randomBytes } from 'node:crypto';
import { isMessageKey, type MessageKey } from '@portal/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/executor.ts';
import { sendWithRanges, storedFileSource } from './byte-ranges.ts';
import { badRequest, notFound } from './errors.ts';

/**
 * Files the company uploads in the console (camera views, the financial report, lot and inventory photos): one file
 * a multipart request, its type told by content, kept in the file store under a long random key and served from
 * /api/v1/files/{dir}/{key}, because <img>, <video> and pdf.js's fetch of a public file send no bearer header.
 */

export type SingleFile = { data: Buffer; name: string | undefined; fields: Record<string, string> };

/** The one file of a multipart body with the text fields sent before it; beyond maxBytes it is refused. */
export async function readSingleFile(
  request: FastifyRequest,
  maxBytes: number,
  sizeKey: MessageKey,
): Promise<SingleFile> {
  if (!request.isMultipart()) throw badRequest('reports.fileRequired', 'file');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw badRequest('reports.fileRequired', 'file');
  }
  if (!part) throw badRequest('reports.fileRequired', 'file');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(sizeKey, 'file');
    throw badRequest('reports.fileRequired', 'file');
  }
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const one = Array.isArray(field) ? field[0] : field;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
  }
  return { data, name: part.filename, fields };
}

/** The text fields of a multipart body checked with a contract schema: the first problem answers 400. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key: MessageKey = issue && isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  throw badRequest(key, String(issue?.path[0] ?? 'file'));
}

/** The file's type by its content (never its name or declared type), one of `allowed`, within `maxBytes`. */
export async function typeByContent<T extends string>(
  data: Buffer,
  allowed: readonly T[],
  maxBytes: number,
  keys: { type: MessageKey; size: MessageKey },
): Promise<T> {
  if (data.length === 0) throw badRequest('reports.fileRequired', 'file');
  const mime = (await fileTypeFromBuffer(data))?.mime;
  const known = allowed.find((t) => t === mime);
  if (!known) throw badRequest(keys.type, 'file');
  if (data.length > maxBytes) throw badRequest(keys.size, 'file');
  return known;
}

/** A new unguessable key in `dir` and the public address it will be served from. */
export function newFileKey(dir: string) {
  const key = `${dir}/${randomBytes(18).toString('base64url')}`;
  return { key, publicUrl: `/api/v1/files/${key}` };
}

/** The uploads row of a stored file. */
export async function insertUpload(
  db: Executor,
  file: { key: string; kind: string; mime: string; data: Buffer; name: string | undefined },
): Promise<number> {
  const row = await db
    .insertInto('uploads')
    .values({
      storage_key: file.key,
      owner_user_id: null,
      kind: file.kind,
      mime_type: file.mime,
      size_bytes: file.data.length,
      original_name: (file.name ?? '').split(/[\\/]/).pop()?.slice(0, 200) || null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Puts the file in the store, then runs `save` (a transaction that records it); if `save` fails the file leaves
 * the store again, so a refused upload changes nothing.
 */
export async function storeThenSave<T>(
  ctx: AppContext,
  key: string,
  data: Buffer,
  save: () => Promise<T>,
): Promise<T> {
  await ctx.files.put(key, data);
  try {
    return await save();
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
}

/** Deletes the uploads rows (their files are deleted by the caller once the transaction is done). */
export async function deleteUploads(db: Executor, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.deleteFrom('uploads').where('id', 'in', ids).returning('storage_key').execute();
  return rows.map((r) => r.storage_key);
}

export async function deleteStoredFiles(ctx: AppContext, keys: string[]) {
  await Promise.all(keys.map((key) => ctx.files.delete(key)));
}

/** GET /files/{dir}/{name}: an uploaded file of `kind` by its unguessable name, with byte ranges. */
export function serveUploadedFiles(
  app: FastifyInstance,
  ctx: AppContext,
  options: { dir: string; kind: string; tags: string[]; summary: string },
) {
  app.get(
    `/files/${options.dir}/:name`,
    {
      schema: {
        tags: options.tags,
        summary: options.summary,
        params: z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const key = `${options.dir}/${name}`;
      const upload = await ctx.database.db
        .selectFrom('uploads')
        .select('mime_type')
        .where('storage_key', '=', key)
        .where('kind', '=', options.kind)
        .executeTakeFirst();
      const file = upload ? await storedFileSource(ctx.files, key) : null;
      if (!upload || !file) throw notFound();
      reply.type(upload.mime_type).header('cache-control', 'private, max-age=86400, immutable');
      return sendWithRanges(request, reply, file);
    },
  );
}
