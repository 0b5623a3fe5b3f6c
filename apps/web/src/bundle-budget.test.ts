import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirstScreens, LANGUAGES } from '../first-screens';

/**
 * The first screens' weight: the JavaScript a route runs before it first renders (what index.html names, the
 * entry and its module preloads, plus the route's own chunks from first-screens.json), gzipped as the server
 * compresses it. The chunking in vite.config.ts is free to change as long as these hold.
 */
const BUDGET_KB: Record<string, number> = { '/login': 170, '/dashboard/': 250 };

const WEB = path.join(import.meta.dirname, '..');
let dist = '';

// The current source, built into a folder of its own (dist may be stale, or served by a running portal).
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'portal-bundle-budget-'));
  await promisify(execFile)(
    process.execPath,
    [
      path.join(WEB, '../../node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: WEB, env: { ...process.env, NODE_ENV: 'production' } },
  );
}, 600_000);

afterAll(async () => {
  if (dist) await rm(dist, { recursive: true, force: true });
});

async function gzipKB(file: string) {
  const body = await readFile(path.join(dist, file));
  return gzipSync(body, { level: 6 }).length / 1024;
}

describe('bundle budget', () => {
  for (const [route, budget] of Object.entries(BUDGET_KB))
    for (const language of LANGUAGES)
      it(`${route} in ${language} runs at most ${budget} KB of gzipped JavaScript before its first render`, async () => {
        const html = await readFile(path.join(dist, 'index.html'), 'utf8');
        const named = [
          ...html.matchAll(
            /<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g,
          ),
        ].map((match) => match[1] ?? '');
        const screens = JSON.parse(
          await readFile(path.join(dist, 'first-screens.json'), 'utf8'),
        ) as FirstScreens;
        const own = screens[route]?.[language].js;
        expect(own, `first-screens.json names ${route}`).toBeDefined();
        const files = await Promise.all(
          [...new Set([...named, ...(own ?? [])])].map(async (file) => ({ file, kb: await gzipKB(file) })),
        );
        const total = files.reduce((sum, { kb }) => sum + kb, 0);
        const list = files
          .sort((a, b) => b.kb - a.kb)
          .map(({ file, kb }) => `  ${kb.toFixed(1).padStart(6)} KB  ${file}`)
          .join('\n');
        expect(
          total,
          `${route} (${language}): ${total.toFixed(1)} KB in ${files.length} files\n${list}`,
        ).toBeLessThanOrEqual(budget);
      });
});
