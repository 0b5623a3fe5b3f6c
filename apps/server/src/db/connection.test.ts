import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness.ts';

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database', () => {
  it('keeps a page cache of 64 MB, not the 128 MB it would touch whole as it starts', async () => {
    const test = await startTestApp();
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(
        test.ctx.database.db,
      );
      expect(rows).toEqual([{ shared_buffers: '64MB' }]);
    } finally {
      await test.close();
    }
  });
});
