import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, withTimeout } from '../shared/chunk-timeout';
import { page } from './lazy-page';

const Page = () => null;

afterEach(() => vi.useRealTimers());

describe('chunk-load timeout', () => {
  it('rejects a page whose code has not arrived after 120 s, not before', async () => {
    vi.useFakeTimers();
    const lazy = page(
      () => new Promise<{ Page: () => null }>(() => undefined),
      (m) => m.Page,
    );
    let outcome: unknown = 'pending';
    lazy().then(
      () => {
        outcome = 'loaded';
      },
      (error: unknown) => {
        outcome = error;
      },
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkTimeoutError);
  });

  it('answers the component of a module that arrives in time', async () => {
    await expect(
      page(
        async () => ({ Page }),
        (m) => m.Page,
      )(),
    ).resolves.toEqual({ Component: Page });
  });

  it('passes a failed load on as it is', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(withTimeout(Promise.reject(failure), 1000)).rejects.toBe(failure);
  });
});
