import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './connection.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Applies the versioned SQL files of db/migrations in name order, each once and in its own transaction. */
export async function migrate(database: Database): Promise<string[]> {
  return database.withMigrationLock(() => applyMigrations(database));
}

/**
 * migrate() without taking the lock: for a caller that already holds database.withMigrationLock (the server's
 * start-up migrates and seeds under one lock, so instances starting together on an empty database all come up).
 */
export async function applyMigrations(database: Database): Promise<string[]> {
  await database.runScript(
    'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
  );
  const applied = new Set(
    (await database.db.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version),
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const newlyApplied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (applied.has(version)) continue;
    const script = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    // A migration may rewrite a big table: no statement limit inside it (set local: this transaction only).
    await database.runScript(
      `begin;\nset local statement_timeout = 0;\n${script}\ninsert into schema_migrations (version) values ('${version.replace(/'/g, "''")}');\ncommit;`,
    );
    newlyApplied.push(version);
  }
  return newlyApplied;
}

/** Moves identity sequences past explicitly inserted ids (the demo data uses fixed ids such as 1223). */
export async function syncIdentitySequences(database: Database, tables: string[]): Promise<void> {
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(
      database.db,
    );
  }
}
