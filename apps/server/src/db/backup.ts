import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob, rmSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../logger.ts';
import { type Database, openDatabase } from './connection.ts';
import { acquireEmbeddedLock, isProcessAlive } from './embedded-lock.ts';

/**
 * Online backups of the embedded (PGlite) store. The store has one process, so a backup is taken by the process
 * that holds it: the server answers `npm run backup` on a local admin channel (below), and the command opens the
 * store itself when no server runs. Files (documents, photos) live in the database, so the copy of the database
 * is everything an owner sees; the folder's signing secret (`jwt-secret`, when JWT_SECRET is not set) goes with
 * it, so sessions survive a restore.
 *
 * A backup file is one header line (`PORTAL-BACKUP 1 {json}`: when, how many bytes, their sha256, the secret)
 * followed by the gzipped tar of the PGlite data folder, as PGlite dumps and loads it.
 */

const MAGIC = 'PORTAL-BACKUP 1 ';
const HEADER_MAX_BYTES = 64 * 1024;
const GZIP = 'application/x-gzip';

type BackupHeader = {
  createdAt: string;
  database: 'pglite';
  bytes: number;
  sha256: string;
  jwtSecret?: string;
};

/** A backup that cannot be taken or restored, said in words for the operator. */
export class BackupError extends Error {}

/** The backup of the open embedded database as a stream: the header line, then the database's copy. */
export async function backupStream(database: Database, dataDir: string): Promise<Readable> {
  if (!database.dumpEmbedded)
    throw new BackupError('the database is PostgreSQL: back it up with pg_dump (README, Backups)');
  const dump = await database.dumpEmbedded();
  const hash = createHash('sha256');
  for await (const chunk of dump.stream()) hash.update(chunk);
  const jwtSecret = await readFile(path.join(dataDir, 'jwt-secret'), 'utf8').then(
    (text) => text.trim(),
    () => undefined,
  );
  const header: BackupHeader = {
    createdAt: new Date().toISOString(),
    database: 'pglite',
    bytes: dump.size,
    sha256: hash.digest('hex'),
    ...(jwtSecret ? { jwtSecret } : {}),
  };
  return Readable.from(
    (async function* () {
      yield Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`);
      for await (const chunk of dump.stream()) yield Buffer.from(chunk);
    })(),
  );
}

/**
 * Writes a backup into `file`: aside first (owner-only: it holds the signing secret and every password hash),
 * checked end to end, then renamed into place, so `file` is either a whole, verified backup or not there.
 */
export async function writeBackupFile(file: string, source: Readable): Promise<BackupHeader> {
  const aside = `${file}.partial-${process.pid}`;
  try {
    await pipeline(source, createWriteStream(aside, { mode: 0o600, flags: 'wx' }));
    const handle = await open(aside, 'r');
    await handle.sync().finally(() => handle.close());
    const { header } = await verifyBackupFile(aside);
    await rename(aside, file);
    return header;
  } catch (error) {
    await rm(aside, { force: true });
    throw error;
  }
}

/** The header of a backup file and where its database copy starts. */
async function readHeader(file: string): Promise<{ header: BackupHeader; offset: number }> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(HEADER_MAX_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_MAX_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const end = head.indexOf(0x0a);
  const line = end > 0 ? head.subarray(0, end).toString('utf8') : '';
  if (!line.startsWith(MAGIC)) throw new BackupError(`${file} is not a backup made by npm run backup`);
  let header: BackupHeader;
  try {
    header = JSON.parse(line.slice(MAGIC.length)) as BackupHeader;
  } catch {
    throw new BackupError(`${file} has a damaged header`);
  }
  if (header.database !== 'pglite' || typeof header.sha256 !== 'string' || typeof header.bytes !== 'number')
    throw new BackupError(`${file} has a damaged header`);
  return { header, offset: end + 1 };
}

/** Reads the whole file and checks its size and sha256 against its header. */
export async function verifyBackupFile(file: string) {
  const { header, offset } = await readHeader(file);
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { start: offset })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  if (bytes !== header.bytes || hash.digest('hex') !== header.sha256)
    throw new BackupError(`${file} is damaged or cut short (its content does not match its checksum)`);
  return { header, offset };
}

/**
 * Restores a backup into an empty (or missing) data folder: the file is checked end to end first, then PGlite
 * loads it and the restored database is opened once (its migrations read) before the command says it is done.
 * A non-empty folder is refused: a restore never mixes with, or overwrites, a database.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<{ createdAt: string }> {
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0)
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: restore only into an empty folder (move the old one aside first)`,
    );
  const { header, offset } = await verifyBackupFile(file);
  await mkdir(dataDir, { recursive: true });
  const lock = acquireEmbeddedLock(dataDir, 'npm run restore');
  try {
    if (header.jwtSecret)
      await writeFile(path.join(dataDir, 'jwt-secret'), header.jwtSecret, { mode: 0o600 });
    const copy = (await openAsBlob(file)).slice(offset, offset + header.bytes, GZIP);
    const database = await openDatabase({ dataDir, pgliteDump: copy });
    try {
      await database.db.selectFrom('schema_migrations').select('version').execute();
    } finally {
      await database.close();
    }
    return { createdAt: header.createdAt };
  } catch (error) {
    // Leave the folder empty again, so the restore can be repeated once the cause is fixed.
    for (const entry of await readdir(dataDir))
      if (path.join(dataDir, entry) !== lock.file)
        await rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}

/** Where the running server tells `npm run backup` how to reach it: a loopback port and a one-time token. */
export const adminChannelFile = (dataDir: string) => path.join(dataDir, 'admin-channel.json');
type ChannelAddress = { pid: number; port: number; token: string };

/**
 * The server's local admin channel: an HTTP listener on 127.0.0.1 at a port of the system's choice, answering only
 * `POST /backup` with the token it wrote to DATA_DIR/admin-channel.json (readable by the server's user only). A
 * process that can read DATA_DIR can read the database anyway; nobody else can reach it. One backup at a time.
 */
export async function startAdminChannel(database: Database, dataDir: string, logger: Logger) {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  let busy = false;
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      response.writeHead(403).end();
      return;
    }
    if (busy) {
      response.writeHead(409).end('another backup is running');
      return;
    }
    busy = true;
    void (async () => {
      try {
        const stream = await backupStream(database, dataDir);
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        await pipeline(stream, response);
        logger.info('backup taken through the admin channel');
      } catch (error) {
        logger.error({ err: error }, 'backup failed');
        if (response.headersSent) response.destroy(error as Error);
        else response.writeHead(500).end((error as Error).message);
      } finally {
        busy = false;
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  const file = adminChannelFile(dataDir);
  const address: ChannelAddress = { pid: process.pid, port, token };
  await writeFile(`${file}.tmp`, JSON.stringify(address), { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  const removeFile = () => rmSync(file, { force: true });
  process.on('exit', removeFile);
  return {
    async close() {
      process.off('exit', removeFile);
      removeFile();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Asks the server running on dataDir for a backup into `file`. Answers false when no server runs there (no
 * channel file, or its process is gone), so the caller opens the store itself.
 */
export async function backupThroughServer(dataDir: string, file: string): Promise<boolean> {
  let address: ChannelAddress;
  try {
    address = JSON.parse(await readFile(adminChannelFile(dataDir), 'utf8')) as ChannelAddress;
  } catch {
    return false;
  }
  if (!isProcessAlive(address.pid)) return false;
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${address.port}/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${address.token}` },
    });
  } catch {
    // Nothing listens there (a server killed with -9 whose pid another process has now): the lock decides.
    return false;
  }
  if (response.status !== 200 || !response.body)
    throw new BackupError(`the server refused the backup (${response.status}): ${await response.text()}`);
  await writeBackupFile(file, Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  return true;
}

/** The backups a schedule wrote: `portal-<UTC time>.backup`, whose names sort by age. */
const SCHEDULED = /^portal-\d{8}T\d{6}Z\.backup$/;

/**
 * Backups every `everyHours` into `dir`, keeping the newest `keep` of them (other files there are left alone).
 * A failed backup (a full disk) is logged and tried again at the next turn; the server goes on.
 */
export function startBackupSchedule(
  database: Database,
  dataDir: string,
  schedule: { dir: string; everyHours: number; keep: number },
  logger: Logger,
) {
  let running: Promise<void> | null = null;
  const runOnce = async () => {
    const name = `portal-${new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}.backup`;
    try {
      await mkdir(schedule.dir, { recursive: true });
      const header = await writeBackupFile(
        path.join(schedule.dir, name),
        await backupStream(database, dataDir),
      );
      const old = (await readdir(schedule.dir))
        .filter((entry) => SCHEDULED.test(entry))
        .sort()
        .reverse()
        .slice(schedule.keep);
      for (const entry of old) await rm(path.join(schedule.dir, entry), { force: true });
      logger.info({ file: name, bytes: header.bytes, removed: old.length }, 'scheduled backup written');
    } catch (error) {
      logger.error({ err: error, dir: schedule.dir }, 'scheduled backup failed');
    }
  };
  const timer = setInterval(
    () => {
      running ??= runOnce().finally(() => {
        running = null;
      });
    },
    Math.max(1000, schedule.everyHours * 3_600_000),
  );
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
