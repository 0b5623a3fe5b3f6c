import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

/** One database handle over PostgreSQL (pg) or embedded PGlite, with the same SQL for both. */
export type Database = {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  /** Runs a script of several statements (migrations); pg and PGlite both accept them in the simple protocol. */
  runScript(sql: string): Promise<void>;
  /** Runs fn while holding the migration lock, so instances starting together migrate once. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const OID = { int8: 20, numeric: 1700, date: 1082 } as const;
const MIGRATION_LOCK_KEY = 7_404_551;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  inMemory?: boolean;
  /** A PGlite data folder made by `dumpDataDir` to start from (the test suite's seeded template). */
  pgliteDump?: Blob;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === OID.int8 || oid === OID.numeric) return Number;
        if (oid === OID.date) return (value: string) => value;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
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
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, {
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
    parsers: {
      [OID.int8]: (value: string) => Number(value),
      [OID.numeric]: (value: string) => Number(value),
      [OID.date]: (value: string) => value,
    },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
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
    async ping() {
      if (closed) throw new Error('database closed');
      await pglite.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
