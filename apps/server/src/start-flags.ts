import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The start script of apps/server/package.json is the one home of how `npm start` runs the server:
 * `exec env NAME=value… node <flags> --import <preload> src/main.ts`. What starts the server another way and must
 * run it as `npm start` does (the benches and the tests that start a server process) reads it from there.
 */
function startWords(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/);
}

/** The Node and V8 flags; the preload is the start script's own, not a setting. */
export function startFlags(): string[] {
  const words = startWords();
  return words.filter(
    (word, i) => word.startsWith('--') && word !== '--import' && words[i - 1] !== '--import',
  );
}

/** The start script's preload (`--import` and the file, resolved), which the benches run the server with. */
export function startPreload(): string[] {
  const words = startWords();
  const file = words[words.indexOf('--import') + 1];
  return file ? ['--import', path.resolve(import.meta.dirname, '..', file)] : [];
}

/** The environment the start script sets before Node starts (read by the C library as the process loads). */
export function startEnvironment(): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const word of startWords()) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (match?.[1] && match[2] !== undefined) environment[match[1]] = match[2];
  }
  return environment;
}
