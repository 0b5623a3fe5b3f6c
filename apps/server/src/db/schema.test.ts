import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * `schema.ts` is written by hand (it keeps the literal unions and JSON shapes a generator would lose), so this
 * compares it with what the migrations really create: the same tables, the same columns, the same nullability.
 */

type Column = { nullable: boolean };
type Tables = Map<string, Map<string, Column>>;

/** The `DB` interface of schema.ts read as text: table → column → whether its type admits null. */
async function declaredTables(): Promise<Tables> {
  const source = await readFile(new URL('./schema.ts', import.meta.url), 'utf8');
  const interfaces = new Map<string, Map<string, Column>>();
  for (const [, name, body] of source.matchAll(/export interface (\w+) \{\n([\s\S]*?)\n\}/g)) {
    const columns = new Map<string, Column>();
    for (const [, column, type] of (body ?? '').matchAll(/^ {2}(\w+)\??: (.+);$/gm))
      columns.set(column ?? '', { nullable: /\bnull\b/.test(type ?? '') });
    interfaces.set(name ?? '', columns);
  }
  const tables: Tables = new Map();
  const db = /export interface DB \{\n([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  for (const [, table, interfaceName] of db.matchAll(/^ {2}(\w+): (\w+);$/gm)) {
    const columns = interfaces.get(interfaceName ?? '');
    if (!columns) throw new Error(`schema.ts: ${table} names ${interfaceName}, which it does not declare`);
    tables.set(table ?? '', columns);
  }
  return tables;
}

async function migratedTables(test: TestApp): Promise<Tables> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>`
    select c.table_name, c.column_name, c.is_nullable
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(test.ctx.database.db);
  const tables: Tables = new Map();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? new Map<string, Column>();
    columns.set(row.column_name, { nullable: row.is_nullable === 'YES' });
    tables.set(row.table_name, columns);
  }
  return tables;
}

const asRecord = (tables: Tables) =>
  Object.fromEntries(
    [...tables]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([table, columns]) => [
        table,
        Object.fromEntries(
          [...columns]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([column, { nullable }]) => [column, nullable ? 'null' : 'not null']),
        ),
      ]),
  );

describe('db/schema.ts', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp({ DEMO_DATA: 'false' });
  });
  afterAll(() => test?.close());

  it('declares exactly the tables and columns the migrations create, with their nullability', async () => {
    const [declared, migrated] = await Promise.all([declaredTables(), migratedTables(test)]);
    expect(declared.size).toBeGreaterThan(40);
    expect(asRecord(declared)).toEqual(asRecord(migrated));
  });
});
