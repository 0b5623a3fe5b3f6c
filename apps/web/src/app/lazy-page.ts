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
