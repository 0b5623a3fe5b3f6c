import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

describe('the database connection', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test?.close());
  const setting = async (name: 'shared_buffers' | 'jit') =>
    (await sql<Record<string, string>>`show ${sql.raw(name)}`.execute(test.ctx.database.db)).rows[0]?.[name];

  it.runIf(process.env.TEST_DB === 'pglite')(
    'keeps a page cache of 32 MB when embedded, not the 128 MB it would touch whole as it starts',
    async () => {
      expect(await setting('shared_buffers')).toBe('32MB');
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'does not compile statements: a short read costed high spent its time in JIT at every execution',
    async () => {
      expect(await setting('jit')).toBe('off');
    },
  );
});
