import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogEvent, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../config.ts';
import { PreparingClient, preparingPglite } from './prepared.ts';
import type { DB } from './schema.ts';

/** One database handle over PostgreSQL (pg) or embedded PGlite, with the same SQL for both. */
export type Database = {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  /** Runs a script of several statements (migrations); pg and PGlite both accept them in the simple protocol. */
  runScript(sql: string): Promise<void>;
  /** Runs fn while holding the migration lock, so instances starting together migrate once. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Answers within timeoutMs (default 2 s) or throws: health must never hang on a dead connection. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Delivers the NOTIFY payloads of a channel (the session cache drops what another instance ended).
   * onState(true) once notifications flow, onState(false) while they may be missed (PostgreSQL: a lost listening
   * connection, re-opened every second until close); the embedded database is one process and never misses one.
   */
  listen(channel: string, onNotify: (payload: string) => void, onState: (listening: boolean) => void): void;
  /** What the metrics read: the pool (PostgreSQL; the embedded database is one connection) and failed statements. */
  stats(): DatabaseStats;
  /**
   * Embedded database only (PostgreSQL has pg_dump): a consistent copy of its data folder as a gzipped tar, taken
   * while no transaction is open and no statement runs, which PGlite loads as it is (db/backup.ts).
   */
  dumpEmbedded?(): Promise<Blob>;
  close(): Promise<void>;
};

export type DatabaseStats = {
  /** null on the embedded database: one connection in this process, its statements take turns. */
  pool: { size: number; open: number; inUse: number; waiting: number } | null;
  /** Statements that failed since the start, by SQLSTATE ('other' without one, e.g. a broken connection). */
  queryErrors: ReadonlyMap<string, number>;
};

const OID = { int8: 20, numeric: 1700, date: 1082 } as const;
const MIGRATION_LOCK_KEY = 7_404_551;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  inMemory?: boolean;
  /** A PGlite data folder made by `dumpDataDir` to start from (the test suite's seeded template). */
  pgliteDump?: Blob;
  /** PostgreSQL only: how long a connection, a statement, an idle open transaction and a lock wait may take. */
  timeouts?: Partial<DatabaseTimeouts>;
  /** PostgreSQL only: connections in the pool at most (DB_POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL only: told about connections that broke (a restart, a failover); they never end the process. */
  onConnectionError?: (error: Error) => void;
};

/** Seconds; 0 turns the statement, idle-in-transaction or lock limit off. */
export type DatabaseTimeouts = {
  connect: number;
  statement: number;
  idleInTransaction: number;
  lock: number;
};
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connect: 5,
  statement: 60,
  idleInTransaction: 60,
  lock: 5,
};
/** How long an idle pooled connection stays open: a quiet spell's length, not a request's. */
const POOL_IDLE_MS = 10 * 60_000;

/** Counts failed statements by SQLSTATE through Kysely's log hook (one branch per statement). */
function queryErrorCounter() {
  const counts = new Map<string, number>();
  return {
    counts,
    log(event: LogEvent) {
      if (event.level !== 'error') return;
      const code = (event.error as { code?: unknown } | undefined)?.code;
      const key = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : 'other';
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

function openPostgres(connectionString: string, options: DatabaseOptions): Database {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString,
    max: poolSize,
    // A connection is kept through a quiet spell: pg's default closed it after 10 s idle, and the next owner's
    // calls waited for new connections, whose backends prepared every statement and read the catalogue anew (a
    // lone owner's dashboard after 12 s of quiet took 75–107 ms, 23–36 ms right after another: docs/performance.md).
    idleTimeoutMillis: POOL_IDLE_MS,
    // Nothing waits forever: a connection (or a free slot in the pool) within `connect`, a statement within
    // `statement` on the server, and the client gives up a few seconds later on a silent network (query_timeout);
    // a transaction left idle (a stuck request) is ended by the server and frees its locks.
    connectionTimeoutMillis: Math.round(timeouts.connect * 1000),
    statement_timeout: timeouts.statement > 0 ? Math.round(timeouts.statement * 1000) : false,
    query_timeout: timeouts.statement > 0 ? Math.round(timeouts.statement * 1000) + 5000 : undefined,
    idle_in_transaction_session_timeout:
      timeouts.idleInTransaction > 0 ? Math.round(timeouts.idleInTransaction * 1000) : undefined,
    // A request waiting on a lock another session holds (a long migration, a manual `lock table`) fails on its own
    // (503) after `lock` seconds, so the pool's connections go back to the requests that can be answered.
    lock_timeout: timeouts.lock > 0 ? Math.round(timeouts.lock * 1000) : undefined,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // No JIT: the portal's statements read a few rows, and PostgreSQL compiles a statement whose estimated cost passes
    // jit_above_cost at every execution. The chart's statement, whose branch for partial months is never run but is
    // costed over every booking, spent 18 ms of its 19 compiling on a hundred times the demo's bookings.
    options: '-c jit=off',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === OID.int8 || oid === OID.numeric) return Number;
        if (oid === OID.date) return (value: string) => value;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // A terminated backend (a restart, a failover, pg_terminate_backend) makes pg emit 'error' on its client; an
  // EventEmitter 'error' without a listener ends the process. The pool listens for idle clients, this listener for
  // clients in use; the query in flight fails on its own (503 from the error handler) and the pool drops the
  // client and connects anew on the next request.
  pool.on('error', (error) => onConnectionError(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => onConnectionError(error));
  });
  const errors = queryErrorCounter();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: errors.log });
  let closed = false;
  const listeners: Array<{ end(): Promise<void> }> = [];
  return {
    db,
    kind: 'postgres',
    async runScript(sql) {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withMigrationLock(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // Waiting for another instance's migrations and demo seed may take longer than one statement or one lock
        // wait may (an advisory lock is waited for like a table's).
        await client.query("select set_config('statement_timeout', '0', false)");
        await client.query("select set_config('lock_timeout', '0', false)");
        await client.query({
          text: 'select pg_advisory_lock($1)',
          values: [MIGRATION_LOCK_KEY],
          query_timeout: 2 ** 31 - 1, // as long as it takes (0 would mean the pool's limit)
        } as pg.QueryConfig);
        return await fn();
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        // Released with the session if the connection broke; otherwise unlocked and returned to the pool.
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
          broken ??= error;
        });
        await client.query('reset statement_timeout; reset lock_timeout').catch((error: Error) => {
          broken ??= error;
        });
        client.release(broken);
      }
    },
    async ping(timeoutMs = 2000) {
      await withDeadline(pool.query('select 1'), timeoutMs);
    },
    listen(channel, onNotify, onState) {
      listeners.push(
        pgListener(connectionString, timeouts.connect, channel, onNotify, onState, onConnectionError),
      );
    },
    stats() {
      const open = pool.totalCount;
      return {
        pool: { size: poolSize, open, inUse: open - pool.idleCount, waiting: pool.waitingCount },
        queryErrors: errors.counts,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(listeners.map((listener) => listener.end()));
      await db.destroy();
    },
  };
}

/**
 * PGlite's page cache. PostgreSQL's default of 128 MB is memory the embedded server touches whole as it starts, while
 * its files sit in the operating system's cache as well. 32 MB holds the pages the owners' reads use and answers the
 * bench's mixed load at the requests a second of 64 MB, 35–40 MB smaller (at 100 times the demo's bookings, a call
 * costs what it costs at 64 MB); docs/performance.md.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
    parsers: {
      [OID.int8]: (value: string) => Number(value),
      [OID.numeric]: (value: string) => Number(value),
      [OID.date]: (value: string) => value,
    },
  });
  const errors = queryErrorCounter();
  const db = new Kysely<DB>({
    dialect: new PGliteDialect({ pglite: preparingPglite(pglite) }),
    log: errors.log,
  });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async runScript(sql) {
      try {
        await pglite.exec(sql);
      } catch (error) {
        await pglite.exec('rollback').catch(() => undefined);
        throw error;
      }
    },
    // One process owns an embedded database, so there is nobody to race with.
    withMigrationLock: (fn) => fn(),
    async ping(timeoutMs = 2000) {
      if (closed) throw new Error('database closed');
      await withDeadline(pglite.query('select 1'), timeoutMs);
    },
    async dumpEmbedded() {
      if (closed) throw new Error('database closed');
      // A checkpoint first, so the copy starts with the data files current and needs little WAL replay; then the
      // files are copied while PGlite runs nothing else: statements and transactions wait for the copy (they
      // queue behind the transaction lock), and one open now finishes before the copy starts.
      await pglite.query('checkpoint');
      return pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
    },
    listen(channel, onNotify, onState) {
      void pglite.listen(channel, onNotify).then(
        () => onState(true),
        () => onState(false),
      );
    },
    stats: () => ({ pool: null, queryErrors: errors.counts }),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * A connection of its own that LISTENs on a channel (a pooled one would be handed to queries), opened again a
 * second after it breaks; onState says when notifications may have been missed.
 */
function pgListener(
  connectionString: string,
  connectSeconds: number,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
  onConnectionError: (error: Error) => void,
) {
  let client: pg.Client | undefined;
  let ended = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (error?: Error) => {
    onState(false);
    if (error) onConnectionError(error);
    const broken = client;
    client = undefined;
    broken?.removeAllListeners('notification');
    void broken?.end().catch(() => undefined);
    if (!ended) retry = setTimeout(connect, 1000);
  };
  const connect = () => {
    if (ended) return;
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: Math.round(connectSeconds * 1000),
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      if (client === next) lost(error);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    next
      .connect()
      .then(() => next.query(`listen "${channel.replaceAll('"', '""')}"`))
      .then(() => {
        if (client === next && !ended) onState(true);
      })
      .catch((error: Error) => {
        if (client === next) lost(error);
      });
  };
  connect();
  return {
    async end() {
      ended = true;
      clearTimeout(retry);
      onState(false);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** Rejects when the promise has not settled within ms (the promise itself goes on and its outcome is dropped). */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
