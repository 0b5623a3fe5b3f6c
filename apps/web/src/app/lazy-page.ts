import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/contract/constants';
import type { ComponentType } from 'react';
import { withTimeout } from '../shared/chunk-timeout';

/**
 * A route's `lazy`: loads the page's module (with the spec's 120 s chunk-load timeout) and picks its component.
 * A failed or late load rejects, and the router shows the route's error element (a message and a reload).
 */
export const page =
  <T>(load: () => Promise<T>, pick: (module: T) => ComponentType, ms = CHUNK_LOAD_TIMEOUT_MS) =>
  async () => ({ Component: pick(await withTimeout(load(), ms)) });

/**
 * A route's `loader` whose code is a chunk of its own: it starts the page's calls once that small chunk is in,
 * beside the page's own (larger) chunk, without holding the navigation up; the entry the sign-in screen runs stays
 * without it. A chunk that fails to load starts nothing: the page's own load shows that error.
 */
export const pageCalls =
  <T>(load: () => Promise<T>, start: (module: T) => unknown) =>
  (): null => {
    void load()
      .then(start)
      .catch(() => undefined);
    return null;
  };
