import multipart, { type MultipartFile } from '@fastify/multipart';
import type { MessageKey } from '@portal/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Every upload route reads its multipart body here: text fields and one file, within the limits its plugin scope
 * registered with registerMultipart. A request that is not multipart, or a body that breaks off or exceeds the
 * part limits, answers 400 with the route's "file required" message; the file's size is the route's to check
 * (a stream stored with its limit, or tooLarge for a file read whole: 413 for documents). The type of a file is
 * told by its content where it is stored, never by its name or declared type.
 */

/** @fastify/multipart for the upload routes of a plugin scope: one file of at most maxBytes, a few text fields. */
export async function registerMultipart(
  app: FastifyInstance,
  limits: { maxBytes: number; fields: number; parts?: number },
) {
  await app.register(multipart, {
    limits: {
      fileSize: limits.maxBytes,
      files: 1,
      fields: limits.fields,
      parts: limits.parts ?? limits.fields + 1,
    },
  });
}

type ReadOptions = { maxBytes: number; missingKey: MessageKey; tooLarge?: () => Error };

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The parts of a multipart body, iterated by hand so a file can be handed over before the rest is read. */
function partsOf(request: FastifyRequest, options: ReadOptions) {
  if (!request.isMultipart()) throw badRequest(options.missingKey, 'file');
  return request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })[Symbol.asyncIterator]();
}

/** Collects text fields up to the next file part, which it answers (null at the end of the body). */
async function fieldsUntilFile(
  parts: ReturnType<typeof partsOf>,
  fields: Record<string, string>,
  options: ReadOptions,
): Promise<MultipartFile | null> {
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) return null;
      const part = next.value;
      if (part.type === 'file') return part;
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (options.tooLarge && isTooLarge(error)) throw options.tooLarge();
    throw badRequest(options.missingKey, 'file');
  }
}

/**
 * The text fields sent before the file and the file itself, not yet read: the caller streams it (into the file
 * store, chunk by chunk) or reads it whole with readWhole. No file: null.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { maxBytes: number; missingKey: MessageKey },
): Promise<{ fields: Record<string, string>; file: MultipartFile | null }> {
  const fields: Record<string, string> = {};
  const file = await fieldsUntilFile(partsOf(request, options), fields, options);
  return { fields, file };
}

/** A file part read whole into memory: beyond the limit tooLarge(), a broken one 400 with missingKey. */
export async function readWhole(
  part: MultipartFile,
  options: { missingKey: MessageKey; tooLarge: () => Error },
): Promise<{ data: Buffer; name: string | undefined }> {
  try {
    return { data: await part.toBuffer(), name: part.filename };
  } catch (error) {
    if (isTooLarge(error)) throw options.tooLarge();
    throw badRequest(options.missingKey, 'file');
  }
}

/**
 * A whole form read into memory: every text field (before and after the file) and its one file (null without
 * one; a second file is read and dropped).
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { maxBytes: number; missingKey: MessageKey; tooLarge: () => Error },
): Promise<{ fields: Record<string, string>; file: { data: Buffer; name: string | undefined } | null }> {
  const parts = partsOf(request, options);
  const fields: Record<string, string> = {};
  let file: { data: Buffer; name: string | undefined } | null = null;
  for (let part = await fieldsUntilFile(parts, fields, options); part; ) {
    const read = await readWhole(part, options);
    file ??= read;
    part = await fieldsUntilFile(parts, fields, options);
  }
  return { fields, file };
}
