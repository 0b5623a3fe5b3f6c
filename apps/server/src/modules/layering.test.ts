import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL lives only in a module's queries.ts (docs/architecture.md): a service states the rules, its queries.ts the
 * statements, and the rest of the server (http/, cli/, integrations/, …) reaches the data through a module's
 * service.ts, never its queries.ts. The whole of the server's source is scanned.
 */
const SOURCE = path.join(import.meta.dirname, '..');
const STATEMENT =
  /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql\s*(<[^`;]*>)?`|\bsql\.(raw|table|ref|id|lit|join|val)\(/;
const QUERIES_IMPORT = /from '[^']*modules\/[a-z-]+\/queries(\.ts)?'|from '\.\.\/[a-z-]+\/queries(\.ts)?'/;

/**
 * The only places besides queries.ts that may write SQL or import a module's queries.ts, each for its reason:
 * - tests (`*.test.ts`) and their helpers (`test/`) query the database to check what a call stored;
 * - `db/` is the database itself: the connection, the migrations and their runner;
 * - `demo/` is the demo seed, which writes its fixture rows directly, as a test does;
 * - `integrations/file-store.ts` is the file store kept in the database: its two tables are the store's own,
 *   behind the FileStore interface every module uses.
 */
const EXCEPTIONS = [/\.test\.ts$/, /^test\//, /^db\//, /^demo\//, /^integrations\/file-store\.ts$/];

function sourceFiles(): string[] {
  return readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

const read = (file: string) => readFileSync(path.join(SOURCE, file), 'utf8');
const excepted = (file: string) => EXCEPTIONS.some((pattern) => pattern.test(file));

describe('server layering', () => {
  it('keeps SQL in queries.ts files', () => {
    const withSql = sourceFiles().filter((file) => STATEMENT.test(read(file)));
    // The scan finds the statements where they belong, so the empty list below is not a scan that saw nothing.
    expect(withSql).toContain('modules/import/queries.ts');
    expect(withSql).toContain('db/migrate.ts');
    expect(withSql.filter((file) => !file.endsWith('/queries.ts') && !excepted(file))).toEqual([]);
  });

  it("imports a module's queries.ts only from within that module", () => {
    // A module's own files import './queries.ts', which the pattern leaves out: what it finds is another module's
    // queries.ts imported from a module (also a lint error) or from outside modules/.
    expect(QUERIES_IMPORT.test("import { x } from '../modules/cameras/queries.ts';")).toBe(true);
    expect(QUERIES_IMPORT.test("import * as q from './queries.ts';")).toBe(false);
    const importing = sourceFiles().filter((file) => QUERIES_IMPORT.test(read(file)));
    expect(importing.filter((file) => !excepted(file))).toEqual([]);
  });
});
