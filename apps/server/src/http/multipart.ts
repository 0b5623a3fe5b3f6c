import multipart, { type MultipartFile } from '@fastify/multipart';
import { ERROR_CODES } from '@portal/contract/errors';
import type { MessageKey } from '@portal/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FileTooLargeError } from '../integrations/file-store.ts';
import { AppError, badRequest } from './errors.ts';

/**
 * Every upload route reads its multipart body here: text fields and one file, within the limits its plugin scope
 * registered with registerMultipart. A request that is not multipart, or a body that breaks off or exceeds the
 * part limits, answers 400 with the route's "file required" message; the file's size is the route's to check
 * (a stream stored with its limit, or tooLarge for a file read whole: 413 for documents). The type of a file is
 * told by its content where it is stored, never by its name or declared type.
 *
 * Limits end the request while it streams, never after the whole body has been read: the moment the file passes
 * its limit (the route's size answer) or the body passes the route's bodyLimit (413 request.tooLarge), the body is
 * no longer read, and the answer closes the connection (registerBodyLimits), so what the client still sends is
 * never read. A declared Content-Length over the limit is refused before a byte is read.
 */

/**
 * For every route: a declared Content-Length over the route's bodyLimit is 413 before a byte of the body is read, and
 * an answer sent before the body was read to its end ends the request there (endUnreadBody), so an upload refused
 * early, by its limit or by its guard, costs no more than what was read until then.
 */
export function registerBodyLimits(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > request.routeOptions.bodyLimit) throw bodyTooLarge();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // `complete` is false until the whole body has arrived (light-my-request's requests have none).
    if (request.raw.complete === false) endUnreadBody(request, reply);
    return payload;
  });
}

/** How long a connection stays open, unread, after an answer given before its body ended. */
const LINGER_MS = 2000;

/**
 * The rest of a body is never read. Left alone, Node would read (and drop) it to the end to keep the connection
 * alive, or, told to close, reset it at once: a client still sending then fails its write before it reads the
 * answer, and never sees the 413. So the request stops being read (at most a buffer's worth more arrives), the
 * answer says `connection: close` and goes out whole, and the connection closes LINGER_MS later, the client having
 * read the answer (and stopped sending) meanwhile.
 */
function endUnreadBody(request: FastifyRequest, reply: FastifyReply) {
  const { raw } = request;
  const socket = raw.socket;
  reply.header('connection', 'close');
  raw.unpipe();
  // A body nobody has read from is drained by Node when the answer ends; one read from is left as it is.
  raw.read(0);
  raw.pause();
  socket.pause();
  reply.raw.once('finish', () => {
    // Node has ended the connection and would destroy it once the answer is written: a moment later instead.
    socket.removeListener('finish', socket.destroy);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

const bodyTooLarge = () => new AppError(413, ERROR_CODES.tooLarge, 'request.tooLarge');

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

/** A file beyond its limit, by multipart's own error or by the reader's (the body is no longer read then). */
const isTooLarge = (error: unknown) =>
  error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The parts of a multipart body, iterated by hand so a file can be handed over before the rest is read. It counts
 * the body as it arrives and watches the file's limit: past either, it stops reading the request (multipart gets
 * nothing more), ends the file being read with the error, and answers every later next() with it.
 */
function partsOf(request: FastifyRequest, options: ReadOptions) {
  if (!request.isMultipart()) throw badRequest(options.missingKey, 'file');
  const raw = request.raw;
  const bodyLimit = request.routeOptions.bodyLimit;
  const parts = request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })[Symbol.asyncIterator]();
  let received = 0;
  let started = false;
  let reason: Error | null = null;
  let file: MultipartFile | null = null;
  let halted: (error: Error) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => {
    halted = reject;
  });
  stopped.catch(() => undefined);
  const halt = (error: Error) => {
    if (reason) return;
    reason = error;
    raw.removeListener('data', count);
    raw.unpipe();
    raw.pause();
    file?.file.destroy(error);
    halted(error);
  };
  function count(chunk: Buffer) {
    received += chunk.length;
    if (received > bodyLimit) halt(bodyTooLarge());
  }
  return {
    next() {
      if (reason) return Promise.reject(reason);
      const next = parts.next();
      // The first next() pipes the request into the parser (synchronously): counted from its first byte on.
      if (!started) {
        started = true;
        raw.on('data', count);
        raw.once('end', () => raw.removeListener('data', count));
      }
      return Promise.race([next, stopped]);
    },
    /** The file part being handed over: past its limit, the request ends with the route's too-large error. */
    watch(part: MultipartFile) {
      file = part;
      const tooLarge = () => halt(new FileTooLargeError(options.maxBytes));
      if (part.file.truncated) tooLarge();
      else part.file.once('limit', tooLarge);
    },
  };
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
      if (part.type === 'file') {
        parts.watch(part);
        return part;
      }
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
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
    if (error instanceof AppError) throw error;
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
