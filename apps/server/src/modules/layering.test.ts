import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives only in a module's queries.ts (docs/architecture.md): a service states the rules, its queries.ts the
 * statements. Tests may query the database to check what a call stored.
 */
const MODULES = import.meta.dirname;
const KYSELY_STATEMENT = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(/;

/**
 * Files that still build their own SQL: none are left, and the list stays empty. A file that
 * builds statements outside queries.ts fails the test by its name.
 */
const NOT_YET_MOVED: string[] = [];

function moduleFiles(): string[] {
  return readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

describe('module layering', () => {
  it('keeps Kysely statements in queries.ts files', () => {
    const withSql = moduleFiles().filter((file) =>
      KYSELY_STATEMENT.test(readFileSync(path.join(MODULES, file), 'utf8')),
    );
    // The scan finds the statements where they belong, so the empty list below is not a scan that saw nothing.
    expect(withSql).toContain('import/queries.ts');
    expect(withSql.filter((file) => !file.endsWith('queries.ts'))).toEqual(NOT_YET_MOVED);
  });
});
