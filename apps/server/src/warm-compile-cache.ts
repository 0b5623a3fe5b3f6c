/**
 * Fills Node's compile cache with the server's modules without starting it: `npm start` runs this (with the
 * compile cache's preload) before the server, so the server reads every module from the cache and never loads Node's
 * TypeScript stripper (src/compile-cache.js says why that matters). This process strips and compiles what changed
 * since the last run, then exits. Entries (src/main.ts, and the benches' servers given as arguments) start only when
 * run as the entry (`import.meta.main`).
 */

import { flushCompileCache, getCompileCacheDir } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

if (!getCompileCacheDir()) throw new Error('run with the preload: node --import ./src/compile-cache.js …');
for (const entry of ['main.ts', ...process.argv.slice(2).map((file) => path.resolve(file))])
  await import(pathToFileURL(path.resolve(import.meta.dirname, entry)).href);
flushCompileCache();
