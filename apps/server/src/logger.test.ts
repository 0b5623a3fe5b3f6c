import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

/** The logger gathers lines into larger writes, yet a quiet server's last line still reaches the log soon. */
describe('the logger', () => {
  const folder = mkdtemp(path.join(tmpdir(), 'portal-log-'));
  afterAll(async () => rm(await folder, { recursive: true, force: true }));

  it('writes a lone line without waiting for more, with secrets left out', async () => {
    const file = path.join(await folder, 'server.log');
    const logger = createLogger({ logLevel: 'info' }, file);
    logger.info({ req: { headers: { authorization: 'Bearer secret' } }, userId: 7 }, 'a lone line');
    await expect
      .poll(
        async () =>
          (await readFile(file, 'utf8').catch(() => ''))
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line)),
        {
          timeout: 10_000,
        },
      )
      .toEqual([
        expect.objectContaining({
          msg: 'a lone line',
          userId: 7,
          req: { headers: { authorization: '[Redacted]' } },
        }),
      ]);
  });
});
