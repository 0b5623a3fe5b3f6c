import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Node and V8 flags `npm start` gives the server (the start script of apps/server/package.json, their one home),
 * for what starts it another way and must run it as `npm start` does: the benches and the tests that start a server
 * process.
 */
export function startFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  // `exec node <flags> --import <preload> src/main.ts`: the preload is the start script's own, not a setting.
  const words = manifest.scripts.start.split(/\s+/);
  return words.filter(
    (word, i) => word.startsWith('--') && word !== '--import' && words[i - 1] !== '--import',
  );
}
