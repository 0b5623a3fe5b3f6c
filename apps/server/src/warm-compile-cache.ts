/**
 * Fills Node's compile cache with the server's modules without starting it: `npm start` runs this before the server,
 * so the server reads every module from the cache and never loads Node's TypeScript stripper (src/compile-cache.js
 * says why that matters). The modules are imported in a process started as the start script starts the server (its
 * flags, preload and environment), because V8's flags are part of the cache's key. Entries (src/main.ts, and the
 * benches' servers) start only when run as the entry (`import.meta.main`), so importing them only loads them.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startEnvironment, startFlags, startPreload } from './start-flags.ts';

/** Caches src/main.ts's module graph and `entries`' (absolute paths), under the start flags and `flags`. */
export function warmCompileCache(entries: string[] = [], flags: string[] = []) {
  const imports = [path.join(import.meta.dirname, 'main.ts'), ...entries]
    .map((file) => `await import(${JSON.stringify(pathToFileURL(file).href)});`)
    .join('\n');
  const result = spawnSync(
    process.execPath,
    [...flags, ...startFlags(), ...startPreload(), '--input-type=module', '--eval', imports],
    { stdio: 'inherit', env: { ...process.env, ...startEnvironment() } },
  );
  if (result.status !== 0)
    throw new Error(`filling the compile cache failed (${result.status ?? result.signal})`);
}

if (import.meta.main) warmCompileCache();
