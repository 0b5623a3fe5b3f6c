import { statfs } from 'node:fs/promises';

/**
 * A full disk, told apart from other failures wherever it surfaces: PostgreSQL and PGlite say SQLSTATE 53100
 * (disk_full: "could not extend file …: No space left on device"), Node's file system ENOSPC or EDQUOT (a quota).
 * The error handler answers it 507 (the request may succeed once space is freed), not 500.
 */
export function isDiskFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') return true;
  if (typeof message === 'string' && /No space left on device|Disk quota exceeded/.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDiskFull(inner, depth + 1))) return true;
  return isDiskFull(cause, depth + 1);
}

export type DiskState = 'ok' | 'low' | 'full';

/** Below this much free space DATA_DIR's disk is full: PGlite cannot even extend a table by a few pages. */
const FULL_BELOW_BYTES = 8 * 1024 * 1024;
/** Below this share of the disk (or 1 GB, whichever is less), it is low: time to free space or grow it. */
const LOW_BELOW_SHARE = 0.1;
const LOW_BELOW_BYTES = 1024 * 1024 * 1024;
/**
 * After a write failed for space, the disk counts as full until this much more is free than then, or (the
 * database's own disk, say PostgreSQL's, which DATA_DIR's free space says nothing of) for this long.
 */
const FREED_BYTES = 16 * 1024 * 1024;
const FULL_AFTER_ERROR_MS = 30_000;

/**
 * The state of DATA_DIR's disk (where the embedded database writes) for health: free space as the system reports
 * it, and the last write that failed for space (reported by the error handler).
 */
export function diskMonitor(dir: string, now: () => number = Date.now) {
  let failure: { at: number; freeBytes: number | null } | null = null;
  const free = async () => {
    try {
      const stats = await statfs(dir);
      return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
    } catch {
      return null;
    }
  };
  return {
    /** A write failed because the disk is full. */
    reportFull() {
      const at = now();
      failure = { at, freeBytes: null };
      void free().then((space) => {
        if (failure?.at === at) failure.freeBytes = space?.freeBytes ?? null;
      });
    },
    async state(): Promise<DiskState> {
      const space = await free();
      if (failure) {
        const freed =
          space && failure.freeBytes !== null && space.freeBytes >= failure.freeBytes + FREED_BYTES;
        if (!freed && now() - failure.at < FULL_AFTER_ERROR_MS) return 'full';
        failure = null;
      }
      if (!space) return 'ok';
      if (space.freeBytes < FULL_BELOW_BYTES) return 'full';
      if (space.freeBytes < Math.min(space.totalBytes * LOW_BELOW_SHARE, LOW_BELOW_BYTES)) return 'low';
      return 'ok';
    },
  };
}
export type DiskMonitor = ReturnType<typeof diskMonitor>;
