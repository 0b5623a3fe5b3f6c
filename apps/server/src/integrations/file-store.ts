import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { Logger } from '../logger.ts';
import { UNFINISHED_UPLOAD_AGE_MS } from './upload-sweep.ts';

/** A stored file's description: its type (told by content unless the caller named it), size and sha256 (hex). */
export type StoredFileInfo = { size: number; contentType: string; sha256: string };

/** Bytes `start`..`end` of a file, both inclusive (as in an HTTP range). */
export type ByteRange = { start: number; end: number };

export type PutOptions = {
  /** The file's type; without it the type is told by the first bytes (else application/octet-stream). */
  contentType?: string;
  /** A stream longer than this is refused with a FileTooLargeError and nothing is stored. */
  maxBytes?: number;
};

/** A stream given to putStream ran past its maxBytes. */
export class FileTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/**
 * Keeps uploaded files by key (`dir/name`). The database store (the one the server uses) keeps them in PostgreSQL or
 * PGlite, so every instance serves every file and a database backup is a full backup; the disk store remains for
 * tools. put/get hold a whole file in memory and suit small files; putStream and openRead stream chunk by chunk.
 */
export interface FileStore {
  put(key: string, data: Buffer, options?: PutOptions): Promise<void>;
  /** Stores a stream; a failed or oversized stream leaves the key as it was. */
  putStream(key: string, source: FileSource, options?: PutOptions): Promise<StoredFileInfo>;
  get(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<StoredFileInfo | null>;
  /** The file (or the range of it) as a stream read chunk by chunk; null when there is no such file. */
  openRead(key: string, range?: ByteRange): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /**
   * The same store working through `db`: given a transaction, a file put lands (or not) with it. Callers that
   * store a file inside a transaction must use it (the embedded database has a single connection, which the
   * transaction holds).
   */
  within(db: Executor): FileStore;
}

/** What putStream reads: a Readable, an async generator, or an array of buffers. */
export type FileSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export const FILE_KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]+$/;
export const FILE_CHUNK_BYTES = 256 * 1024;
const OCTET_STREAM = 'application/octet-stream';

function checkKey(key: string) {
  if (!FILE_KEY_PATTERN.test(key)) throw new Error(`invalid file key ${key}`);
}

/** pg answers bytea as a Buffer, PGlite as a Uint8Array: one view over the same memory either way. */
function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

async function typeOf(head: Buffer, named: string | undefined) {
  if (named) return named;
  if (head.length === 0) return OCTET_STREAM;
  return (await fileTypeFromBuffer(head))?.mime ?? OCTET_STREAM;
}

/** Regroups a stream of any-sized pieces into pieces of exactly `size` bytes (the last one shorter). */
async function* rechunk(source: FileSource, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let rest = asBuffer(typeof piece === 'string' ? Buffer.from(piece) : piece);
    while (rest.length > 0) {
      const take = Math.min(size - pendingBytes, rest.length);
      pending.push(rest.subarray(0, take));
      pendingBytes += take;
      rest = rest.subarray(take);
      if (pendingBytes === size) {
        yield Buffer.concat(pending, size);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

export type DatabaseFileStore = FileStore & {
  /** Chunks read since the store was made (the tests check that a range reads only the chunks it needs). */
  readonly stats: { chunksRead: number };
  /** Deletes files whose writing never finished (a process stopped mid-upload) and that are older than `age` ms. */
  removeUnfinished(ageMs: number): Promise<number>;
};

/**
 * Files in the database (020_files_in_database.sql): a stored_files row a file, its content in file_chunks rows of
 * `chunkSize` bytes. Writing inserts the chunks one statement at a time under an incomplete row (no transaction stays
 * open while an upload arrives), then one short transaction replaces the key's previous file and completes the row,
 * so readers see the old file or the new one, never a part. Reading fetches one chunk a query. The same Kysely
 * code runs on PostgreSQL and PGlite.
 */
export function databaseFileStore(
  db: Executor,
  options: { chunkSize?: number; stats?: { chunksRead: number } } = {},
): DatabaseFileStore {
  const chunkSize = options.chunkSize ?? FILE_CHUNK_BYTES;
  const stats = options.stats ?? { chunksRead: 0 };

  const findFile = (key: string) =>
    db
      .selectFrom('stored_files')
      .select(['id', 'content_type', 'size_bytes', 'sha256', 'chunk_size'])
      .where('key', '=', key)
      .where('complete', '=', true)
      .executeTakeFirst();

  const readChunk = async (fileId: number, seq: number): Promise<Buffer> => {
    const row = await db
      .selectFrom('file_chunks')
      .select('data')
      .where('file_id', '=', fileId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) throw new Error(`file ${fileId} misses its chunk ${seq}`);
    stats.chunksRead += 1;
    return asBuffer(row.data);
  };

  const putStream: FileStore['putStream'] = async (key, source, putOptions = {}) => {
    checkKey(key);
    const row = await db
      .insertInto('stored_files')
      .values({ key, chunk_size: chunkSize })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fileId = Number(row.id);
    try {
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      let head: Buffer | null = null;
      for await (const chunk of rechunk(source, chunkSize)) {
        size += chunk.length;
        if (putOptions.maxBytes !== undefined && size > putOptions.maxBytes)
          throw new FileTooLargeError(putOptions.maxBytes);
        head ??= chunk;
        hash.update(chunk);
        await db.insertInto('file_chunks').values({ file_id: fileId, seq, data: chunk }).execute();
        seq += 1;
      }
      const info: StoredFileInfo = {
        size,
        contentType: await typeOf(head ?? Buffer.alloc(0), putOptions.contentType),
        sha256: hash.digest('hex'),
      };
      const complete = async (trx: Executor) => {
        await trx.deleteFrom('stored_files').where('key', '=', key).where('complete', '=', true).execute();
        await trx
          .updateTable('stored_files')
          .set({ complete: true, size_bytes: size, content_type: info.contentType, sha256: info.sha256 })
          .where('id', '=', fileId)
          .execute();
      };
      if (db.isTransaction) await complete(db);
      else await db.transaction().execute(complete);
      return info;
    } catch (error) {
      await db
        .deleteFrom('stored_files')
        .where('id', '=', fileId)
        .execute()
        .catch(() => undefined);
      throw error;
    }
  };

  const openRead: FileStore['openRead'] = async (key, range) => {
    checkKey(key);
    const file = await findFile(key);
    if (!file) return null;
    const size = Number(file.size_bytes);
    const fileId = Number(file.id);
    const step = file.chunk_size;
    const start = Math.max(range?.start ?? 0, 0);
    const end = Math.min(range?.end ?? size - 1, size - 1);
    async function* chunks() {
      if (end < start) return;
      for (let seq = Math.floor(start / step); seq <= Math.floor(end / step); seq += 1) {
        const data = await readChunk(fileId, seq);
        const from = seq * step;
        yield data.subarray(Math.max(start - from, 0), Math.min(end - from + 1, data.length));
      }
    }
    return Readable.from(chunks(), { objectMode: false, highWaterMark: step });
  };

  return {
    stats,
    within: (executor) => databaseFileStore(executor, { chunkSize, stats }),
    putStream,
    openRead,
    async put(key, data, putOptions) {
      await putStream(key, [data], putOptions);
    },
    async get(key) {
      const stream = await openRead(key);
      if (!stream) return null;
      const parts: Buffer[] = [];
      for await (const part of stream) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },
    async stat(key) {
      checkKey(key);
      const file = await findFile(key);
      return file
        ? { size: Number(file.size_bytes), contentType: file.content_type, sha256: file.sha256 }
        : null;
    },
    async delete(key) {
      checkKey(key);
      await db.deleteFrom('stored_files').where('key', '=', key).execute();
    },
    async removeUnfinished(ageMs) {
      const gone = await db
        .deleteFrom('stored_files')
        .where('complete', '=', false)
        .where(sql<boolean>`created_at < now() - make_interval(secs => ${ageMs / 1000})`)
        .returning('id')
        .execute();
      return gone.length;
    },
  };
}

/**
 * Moves the files of a pre-020 disk store (DATA_DIR/files) into the database store once: each file whose key the
 * database does not hold yet is copied (streamed), then its disk copy is deleted, so a second run finds nothing to
 * do and a run stopped half-way resumes. Answers how many files moved.
 */
export async function moveDiskFilesIntoStore(root: string, store: FileStore): Promise<number> {
  let dirs: string[];
  try {
    dirs = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let moved = 0;
  for (const dir of dirs.sort()) {
    const folder = path.join(root, dir);
    if (!(await stat(folder)).isDirectory()) continue;
    for (const name of (await readdir(folder)).sort()) {
      const key = `${dir}/${name}`;
      if (!FILE_KEY_PATTERN.test(key)) continue;
      const file = path.join(folder, name);
      if (!(await store.stat(key))) {
        await store.putStream(key, createReadStream(file));
        moved += 1;
      }
      await rm(file, { force: true });
    }
    await rmdir(folder).catch(() => undefined);
  }
  return moved;
}

/**
 * The server's file store: the database's, after moving in the files an older version kept in DATA_DIR/files (once;
 * logged) and clearing the parts of uploads a stopped process never finished (an hour old, as the running server's
 * sweep does: integrations/upload-sweep.ts).
 */
export async function openFileStore(
  db: Executor,
  dataDir: string,
  logger: Pick<Logger, 'info'>,
): Promise<DatabaseFileStore> {
  const store = databaseFileStore(db);
  const folder = path.join(dataDir, 'files');
  const moved = await moveDiskFilesIntoStore(folder, store);
  if (moved > 0)
    logger.info({ files: moved, from: folder }, 'files moved from the data folder into the database');
  const unfinished = await store.removeUnfinished(UNFINISHED_UPLOAD_AGE_MS);
  if (unfinished > 0) logger.info({ files: unfinished }, 'unfinished uploads removed');
  return store;
}
