import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireEmbeddedLock, EmbeddedLockError, embeddedLockFile } from './embedded-lock.ts';

// The lock guards the embedded store's folder, which a server on PostgreSQL never opens: run in the pglite project.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded store lock', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('refuses while a live process holds it, takes over a dead one, and leaves no stray files', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-lock-'));
    dirs.push(dataDir);
    const file = embeddedLockFile(dataDir);
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(file, JSON.stringify({ pid: holder.pid, holder: 'server', since: '' }));
      expect(() => acquireEmbeddedLock(dataDir, 'test')).toThrow(EmbeddedLockError);
      expect(() => acquireEmbeddedLock(dataDir, 'test')).toThrow(`server, pid ${holder.pid}`);
      // The holder's lock is untouched.
      expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(holder.pid);
    } finally {
      const gone = new Promise((resolve) => holder.on('exit', resolve));
      holder.kill('SIGKILL');
      await gone;
    }
    // Its process is gone (a kill -9): the lock is taken over.
    const lock = acquireEmbeddedLock(dataDir, 'test');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, holder: 'test' });
    expect(readdirSync(dataDir)).toEqual(['pglite.lock']);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });
});
