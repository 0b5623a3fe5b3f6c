import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, verifyBackupFile } from './backup.ts';

/** A backup file of the given content, its header saying what it holds. */
function backupFile(content: Buffer, header: Record<string, unknown> = {}) {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const line = JSON.stringify({
    createdAt: '2026-11-27T03:00:00.000Z',
    database: 'pglite',
    bytes: content.length,
    sha256,
    ...header,
  });
  return Buffer.concat([Buffer.from(`PORTAL-BACKUP 1 ${line}\n`), content]);
}

describe('backup files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-backup-file-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('checks a file end to end: a changed byte, a cut tail or another file is refused by name', async () => {
    const content = Buffer.from('a database copy '.repeat(1000));
    const whole = path.join(dir, 'whole.backup');
    await writeFile(whole, backupFile(content));
    expect((await verifyBackupFile(whole)).header.bytes).toBe(content.length);

    const changed = backupFile(content);
    const at = changed.length - 10;
    changed[at] = (changed[at] as number) ^ 1;
    await writeFile(path.join(dir, 'changed.backup'), changed);
    await expect(verifyBackupFile(path.join(dir, 'changed.backup'))).rejects.toThrow(
      /is damaged or cut short/,
    );
    await writeFile(path.join(dir, 'cut.backup'), backupFile(content).subarray(0, -100));
    await expect(verifyBackupFile(path.join(dir, 'cut.backup'))).rejects.toThrow(/is damaged or cut short/);
    await writeFile(path.join(dir, 'other.csv'), 'id;name\n1;x\n');
    await expect(verifyBackupFile(path.join(dir, 'other.csv'))).rejects.toThrow(
      /is not a backup made by npm run backup/,
    );
  });

  it('restores into an empty folder only, and leaves an empty one empty when the file is damaged', async () => {
    await writeFile(path.join(dir, 'marker'), '');
    await expect(restoreBackup(path.join(dir, 'whole.backup'), dir)).rejects.toThrow(/is not empty/);
    const empty = path.join(dir, 'empty');
    await expect(restoreBackup(path.join(dir, 'changed.backup'), empty)).rejects.toThrow(/is damaged/);
    expect(await readdir(empty).catch(() => [])).toEqual([]);
  });
});
