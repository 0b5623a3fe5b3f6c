import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every table a page reads must be one the company can fill without SQL: each table of `schema.ts` needs a writer
 * in the server's own code (a service's query, an import kind, the migrations' runner), not only in the demo seed.
 * A derived table is kept by a trigger instead, which must exist in the migrations.
 */

const SRC = path.resolve(import.meta.dirname, '..');
const MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/** Tables no code writes directly: each is kept by the triggers named here, on the table it follows. */
const DERIVED: Record<string, { triggers: string[]; on: string }> = {
  income_totals: { triggers: ['incomes_maintain_totals', 'incomes_truncate_totals'], on: 'incomes' },
  booked_time_by_month: {
    triggers: [
      'bookings_insert_booked_time',
      'bookings_update_booked_time',
      'bookings_delete_booked_time',
      'bookings_truncate_booked_time',
    ],
    on: 'bookings',
  },
};

async function declaredTables(): Promise<string[]> {
  const source = await readFile(path.join(import.meta.dirname, 'schema.ts'), 'utf8');
  const db = /export interface DB \{\n([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  return [...db.matchAll(/^ {2}(\w+): \w+;$/gm)].map(([, table]) => table ?? '');
}

/** The server's production sources: everything under src/ but the demo seed, the test helpers and the tests. */
async function productionSources(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(SRC, { recursive: true })) {
    const file = entry.split(path.sep).join('/');
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    if (file.startsWith('demo/') || file.startsWith('test/')) continue;
    files.set(file, await readFile(path.join(SRC, entry), 'utf8'));
  }
  return files;
}

/** Where a source writes the table: Kysely's insertInto/updateTable, or an insert/update in raw SQL. */
function writes(source: string, table: string): boolean {
  return (
    new RegExp(`\\.(insertInto|updateTable)\\(\\s*'${table}'`).test(source) ||
    // A statement in a template may follow a \n escape (letters in the source): no word boundary before it.
    new RegExp(`(insert\\s+into|(?<!\\w)update)\\s+${table}\\b`, 'i').test(source)
  );
}

describe('every table has a writer outside the demo seed', () => {
  it('finds, for each table of schema.ts, production code that writes it', async () => {
    const [tables, sources] = await Promise.all([declaredTables(), productionSources()]);
    expect(tables.length).toBeGreaterThan(40);
    const unwritten = tables.filter(
      (table) => !(table in DERIVED) && ![...sources.values()].some((source) => writes(source, table)),
    );
    expect(unwritten, 'tables only src/demo/ writes: give each a console form or an import kind').toEqual([]);
  });

  it('keeps each derived table by a trigger of the migrations', async () => {
    const migrations = (
      await Promise.all(
        (
          await readdir(MIGRATIONS)
        )
          .filter((file) => file.endsWith('.sql'))
          .map((file) => readFile(path.join(MIGRATIONS, file), 'utf8')),
      )
    ).join('\n');
    const tables = await declaredTables();
    for (const [table, { triggers, on }] of Object.entries(DERIVED)) {
      expect(tables, table).toContain(table);
      for (const trigger of triggers) {
        expect(migrations, `${table}: trigger ${trigger}`).toMatch(
          new RegExp(`create trigger ${trigger}\\s+after[\\s\\S]*?\\bon ${on}\\b`, 'i'),
        );
      }
    }
  });
});
