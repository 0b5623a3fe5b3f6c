import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/contract/constants';

/** A chunk (a page's code, a language catalogue) that has not arrived in time. */
export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`The code did not arrive within ${ms / 1000} s`);
    this.name = 'ChunkTimeoutError';
  }
}

/**
 * The load's result, or a ChunkTimeoutError once `ms` has passed without one (spec: Business constants and limits: 120
 * s).
 */
export function withTimeout<T>(load: Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}
