import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded (PGlite) store has one writer: the process that holds `<DATA_DIR>/pglite.lock`. The server takes it
 * for its lifetime and the command-line tools (admin, import) for their run, so neither opens a database another
 * process has open. The file holds the owner's pid; a lock whose pid is no longer alive (a crash, a kill -9) is
 * stale and taken over.
 */

export class EmbeddedLockError extends Error {
  readonly pid: number;
  readonly holder: string;
  readonly file: string;

  constructor(file: string, pid: number, holder: string) {
    super(
      `The embedded database is in use by another process (${holder}, pid ${pid}). Stop it first, or use ` +
        `DATABASE_URL. If no such process runs, delete ${file}.`,
    );
    this.file = file;
    this.pid = pid;
    this.holder = holder;
  }
}

export type EmbeddedLock = { file: string; release(): void };

export function embeddedLockFile(dataDir: string): string {
  return path.join(dataDir, 'pglite.lock');
}

/** True while a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type LockContent = { pid: number; holder: string; since: string };

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number'
      ? { pid: parsed.pid, holder: String(parsed.holder ?? 'unknown'), since: String(parsed.since ?? '') }
      : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return null;
  }
}

/**
 * Takes the lock of the embedded database in dataDir for this process, or throws EmbeddedLockError while a live
 * process holds it. The file appears with its content at once (written aside, then hard-linked into place), so a
 * reader never sees a half-written lock. It is released by release() and, at the latest, when the process exits.
 */
export function acquireEmbeddedLock(dataDir: string, holder: string): EmbeddedLock {
  mkdirSync(dataDir, { recursive: true });
  const file = embeddedLockFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  const content: LockContent = { pid: process.pid, holder, since: new Date().toISOString() };
  writeFileSync(temporary, JSON.stringify(content));
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(temporary, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      }
      let current: LockContent | null;
      try {
        current = readLock(file);
      } catch {
        continue; // released meanwhile: try again
      }
      if (current && current.pid !== process.pid && isProcessAlive(current.pid)) {
        throw new EmbeddedLockError(file, current.pid, current.holder);
      }
      // Stale (its process is gone), unreadable, or left by this very process: take it over. It is moved aside
      // (atomic) and checked, because another process may have taken the same stale lock over a moment ago:
      // then what was moved is that process's fresh lock, which goes back, and this process gives way.
      const aside = `${file}.${process.pid}.stale`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      let moved: LockContent | null = null;
      try {
        moved = readLock(aside);
        if (moved && moved.pid !== process.pid && isProcessAlive(moved.pid)) {
          try {
            linkSync(aside, file);
          } catch {
            // a third process holds it now; either way this one is not the holder
          }
          throw new EmbeddedLockError(file, moved.pid, moved.holder);
        }
      } finally {
        try {
          unlinkSync(aside);
        } catch {
          // already gone
        }
      }
    }
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // already gone
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (readLock(file)?.pid === process.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { file, release };
}
