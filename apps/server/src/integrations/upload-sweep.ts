import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Logger } from '../logger.ts';
import type { DatabaseFileStore } from './file-store.ts';

/** An upload still unfinished after this long was left by a process that stopped (a kill -9, a crash). */
export const UNFINISHED_UPLOAD_AGE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export type UploadSweep = { stop(): Promise<void> };

/**
 * Removes the parts of uploads left unfinished for an hour, every ten minutes while the server runs (the start
 * clears them too): a process killed mid-upload leaves its chunks in the database until then, not until a restart.
 * The sweep never overlaps itself and never keeps the process alive.
 */
export function startUploadSweep(
  store: Pick<DatabaseFileStore, 'removeUnfinished'>,
  logger: Logger,
  options: { everyMs?: number; ageMs?: number } = {},
): UploadSweep {
  const everyMs = options.everyMs ?? SWEEP_EVERY_MS;
  const ageMs = options.ageMs ?? UNFINISHED_UPLOAD_AGE_MS;
  let running: Promise<void> | null = null;
  const sweep = async () => {
    try {
      const removed = await store.removeUnfinished(ageMs);
      if (removed > 0) logger.info({ files: removed }, 'unfinished uploads removed');
    } catch (error) {
      if (isDatabaseUnavailable(error)) logger.warn({ err: error }, 'upload sweep: database unavailable');
      else logger.error({ err: error }, 'upload sweep failed');
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = sweep().finally(() => {
      running = null;
    });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
