/**
 * The initial JavaScript and CSS of the first screens, computed from the build: dist/index.html (the
 * entry script, its module preloads and style sheets) plus, from the Vite manifest, the chunks each route loads
 * before its first render (the route's lazy modules with their static imports, which Vite preloads with them,
 * and the default language's texts). Sizes are gzipped (level 6, as the server's compression).
 * It needs the manifest: `cd apps/web && npx vite build --manifest && node bench/initial-js.ts [--list]`;
 * `npm run bench:web` prints it before the Lighthouse runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_SCREENS } from '../first-screens.ts';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The modules a route loads before it first renders, in Russian (the default language): the list the build names
 * in the route's shell (first-screens.ts).
 */
export const ROUTES: Record<string, string[]> = Object.fromEntries(
  Object.entries(FIRST_SCREENS).map(([route, modules]) => [
    route,
    modules.map((module) => module.replace('{lang}', 'ru')),
  ]),
);

export type RouteSize = {
  route: string;
  /** Everything the route loads before it first renders. */
  js: { files: number; gzipKB: number; rawKB: number };
  /** Only what index.html names: the entry script and its module preloads (the same for every route). */
  entry: { files: number; gzipKB: number; rawKB: number };
  css: { files: number; gzipKB: number; rawKB: number };
  /** Route modules the manifest does not hold as chunks of their own (they are in the entry's graph). */
  inEntry: string[];
  list: Array<{ file: string; gzipKB: number }>;
};

export function initialSizes(dist = path.join(import.meta.dirname, '../dist')): RouteSize[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => (m[1] ?? '').replace(/^\//, ''));
  const entryScripts = attr(/<script[^>]*type="module"[^>]*src="([^"]+)"/g);
  const preloads = attr(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
  const sheets = attr(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const size = (file: string) => {
    const body = readFileSync(path.join(dist, file));
    return { raw: body.length / 1024, gzip: gzipSync(body, { level: 6 }).length / 1024 };
  };

  return Object.entries(ROUTES).map(([route, modules]) => {
    const js = new Set<string>([...entryScripts, ...preloads]);
    const css = new Set<string>(sheets);
    const inEntry: string[] = [];
    const visit = (chunk: ManifestChunk) => {
      js.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
      for (const key of chunk.imports ?? []) {
        const next = manifest[key];
        if (next && !js.has(next.file)) visit(next);
      }
    };
    // The entry's own style sheets and its static imports' ones (index.html links them already).
    for (const file of entryScripts) {
      const chunk = byFile.get(file);
      if (chunk) visit(chunk);
    }
    for (const module of modules) {
      const chunk = manifest[module];
      if (chunk) visit(chunk);
      else inEntry.push(module);
    }
    const list = [...js].map((file) => ({ file, gzipKB: size(file).gzip }));
    const total = (files: Iterable<string>) => {
      let gzip = 0;
      let raw = 0;
      let count = 0;
      for (const file of files) {
        const s = size(file);
        gzip += s.gzip;
        raw += s.raw;
        count += 1;
      }
      return { files: count, gzipKB: gzip, rawKB: raw };
    };
    return {
      route,
      js: total(js),
      entry: total([...entryScripts, ...preloads]),
      css: total(css),
      inEntry,
      list,
    };
  });
}

if (import.meta.main) {
  const verbose = process.argv.includes('--list');
  for (const r of initialSizes()) {
    console.log(
      `${r.route.padEnd(12)} initial JS ${r.js.gzipKB.toFixed(1)} KB gzipped in ${r.js.files} files ` +
        `(${r.js.rawKB.toFixed(0)} KB raw; the entry and its preloads ${r.entry.gzipKB.toFixed(1)} KB); CSS ${r.css.gzipKB.toFixed(1)} KB gzipped in ${r.css.files} files` +
        (r.inEntry.length ? ` (in the entry: ${r.inEntry.join(', ')})` : ''),
    );
    if (verbose)
      for (const f of r.list.sort((a, b) => b.gzipKB - a.gzipKB))
        console.log(`    ${f.gzipKB.toFixed(1).padStart(7)} KB  ${f.file}`);
  }
}
