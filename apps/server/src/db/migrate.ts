import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './connection.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** An applied migration whose file no longer reads as it did when it ran: the start stops and names it. */
export class MigrationChecksumError extends Error {
  readonly file: string;
  constructor(file: string) {
    super(
      `the migration ${file} was changed after it was applied to this database (its sha256 differs); restore the file as it was and add a new migration instead`,
    );
    this.file = file;
  }
}

type MigrationFile = { version: string; file: string; script: string; checksum: string };

function migrationFiles(): MigrationFile[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const script = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      return { version: file.replace(/\.sql$/, ''), file, script, checksum: checksumOf(script) };
    });
}

/** sha256 of the text with LF line endings: a checkout that writes CRLF (git on Windows) is not a change. */
export function checksumOf(script: string): string {
  return createHash('sha256').update(script.replaceAll('\r\n', '\n')).digest('hex');
}

/** The newest migration this code knows: a database without it is not ready for this code (health/ready). */
export const LATEST_MIGRATION =
  readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .at(-1)
    ?.replace(/\.sql$/, '') ?? '';

/** Whether the database has this code's newest migration; throws when it cannot be asked. */
export async function isMigrated(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom('schema_migrations')
    .select('version')
    .where('version', '=', LATEST_MIGRATION)
    .executeTakeFirst();
  return row !== undefined;
}

/** Applies the versioned SQL files of db/migrations in name order, each once and in its own transaction. */
export async function migrate(database: Database): Promise<string[]> {
  return database.withMigrationLock(() => applyMigrations(database));
}

/**
 * migrate() without taking the lock: for a caller that already holds database.withMigrationLock (the server's
 * start-up migrates and seeds under one lock, so instances starting together on an empty database all come up).
 * Applied files are checked against the checksum recorded when they ran (MigrationChecksumError) before anything
 * new is applied; rows from before checksums were kept get theirs from the files as they are now.
 */
export async function applyMigrations(database: Database): Promise<string[]> {
  await database.runScript(
    'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
  );
  const files = migrationFiles();
  const withChecksums = await hasChecksumColumn(database);
  const rows = withChecksums
    ? await database.db.selectFrom('schema_migrations').select(['version', 'checksum']).execute()
    : (await database.db.selectFrom('schema_migrations').select('version').execute()).map((row) => ({
        version: row.version,
        checksum: null,
      }));
  const applied = new Map(rows.map((row) => [row.version, row.checksum]));
  for (const file of files) {
    const recorded = applied.get(file.version);
    if (recorded && recorded !== file.checksum) throw new MigrationChecksumError(file.file);
  }
  const newlyApplied: string[] = [];
  for (const file of files) {
    if (applied.has(file.version)) continue;
    // A migration may rewrite a big table or wait for a lock a running instance holds: no statement or lock
    // limit inside it (set local: this transaction only).
    await database.runScript(
      `begin;\nset local statement_timeout = 0;\nset local lock_timeout = 0;\n${file.script}\ninsert into schema_migrations (version) values ('${file.version.replace(/'/g, "''")}');\ncommit;`,
    );
    newlyApplied.push(file.version);
  }
  await recordChecksums(
    database,
    files.filter((file) => !applied.get(file.version)),
  );
  return newlyApplied;
}

async function hasChecksumColumn(database: Database): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`
    select 1 as found from information_schema.columns
    where table_schema = current_schema() and table_name = 'schema_migrations' and column_name = 'checksum'`.execute(
    database.db,
  );
  return rows.length > 0;
}

/** Fills the checksum of applied migrations that have none yet (just applied, or applied before checksums). */
async function recordChecksums(database: Database, files: MigrationFile[]) {
  if (files.length === 0 || !(await hasChecksumColumn(database))) return;
  for (const file of files) {
    await database.db
      .updateTable('schema_migrations')
      .set({ checksum: file.checksum })
      .where('version', '=', file.version)
      .where('checksum', 'is', null)
      .execute();
  }
}

/** Moves identity sequences past explicitly inserted ids (the demo data uses fixed ids such as 1223). */
export async function syncIdentitySequences(database: Database, tables: string[]): Promise<void> {
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(
      database.db,
    );
  }
}
