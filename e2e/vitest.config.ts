import { defineConfig } from 'vitest/config';

/** Browser tests: one real server per file, files one after another (two cores, one Chromium at a time). */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A page on a busy machine may take seconds to get where a test waits for it: poll long, not fixed sleeps.
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
