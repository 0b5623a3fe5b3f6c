import { defineConfig } from 'vitest/config';
import { TEST_WASM_FLAGS } from './src/test/wasm-flags.ts';

/**
 * The server suite runs on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. Each project
 * migrates and seeds one template database per run (src/test/global-setup.ts); every test file starts from a copy.
 * The timeouts are a guard against a hang, not a measure of speed: a slow, busy machine must still pass.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Two files at a time: each spends most of its time on one thread (the app and PGlite), so two use both cores.
    maxWorkers: 2,
    execArgv: TEST_WASM_FLAGS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 30_000, interval: 100 } },
    projects: [
      // The contract's pure rules (packages/contract has no runner of its own) run once, with the pglite project.
      {
        extends: true,
        test: {
          name: 'pglite',
          env: { TEST_DB: 'pglite' },
          include: ['src/**/*.test.ts', '../../packages/contract/src/**/*.test.ts'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
