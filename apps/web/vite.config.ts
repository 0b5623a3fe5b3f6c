import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstScreens } from './first-screens.ts';

const screens = firstScreens();

export default defineConfig({
  plugins: [react(), screens.plugin],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  // No source maps in dist: the server serves dist as it is. `npm run bench:web` builds with --manifest
  // to compute each route's initial JavaScript, and removes the manifest again.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Budget: the built /login runs at most 170 KB of gzipped JavaScript before its first render, the
          // dashboard 250 KB, in each language (src/bundle-budget.test.ts builds the client and checks them).
          // Three rules meet it; everything else is the automatic split, page by page.
          groups: [
            // Every package the entry runs (React, the router, i18next, React Query, Mantine's provider and
            // styles system) in one chunk rather than a dozen small ones that compress worse.
            {
              name: 'vendor',
              test: /node_modules[\\/]/,
              tags: ['$initial'],
              priority: screens.groups.length + 1,
            },
            // The Mantine components each first screen imports, one chunk a screen (first-screens.ts).
            ...screens.groups,
            // Our own modules the entry runs (the router, the API client, storage, the contract's constants) in one
            // chunk: the pages and the route loaders' own chunks share some of them, which the automatic split made
            // chunks of a few hundred bytes each, queued on HTTP/1.1's six connections before the first render.
            {
              name: 'app',
              test: /apps[\\/]web[\\/]src[\\/]|packages[\\/]contract[\\/]/,
              tags: ['$initial'],
              priority: 0,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/bundle-budget.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          css: false,
          // A guard against a hang, not a measure of speed: a busy machine renders and hovers slowly.
          testTimeout: 60_000,
        },
      },
      // Builds the client in Node, without the pages' DOM set-up.
      { test: { name: 'bundle-budget', environment: 'node', include: ['src/bundle-budget.test.ts'] } },
    ],
  },
});
