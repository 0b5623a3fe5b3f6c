import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The portal imports Mantine's styles per component, so a component new to the code needs its style
 * file. This walks Mantine's modules from every name the code imports from @mantine/core, collects the CSS classes
 * they use, and checks that the style lists (mantine-styles.ts for the first screen, mantine-styles-app.ts for the
 * signed-in areas) hold every Mantine style file that defines one of them.
 */
const src = path.join(import.meta.dirname, '../..');
const esm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
  'esm',
);
const stylesDir = path.join(esm, '../styles');
const HASH = /m_[0-9a-f]{8}/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function importedNames(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files)
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from '@mantine\/core'/g))
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(' as ')[0]
          ?.trim();
        if (name && !part.trim().startsWith('type ')) names.add(name);
      }
  return names;
}

/** Mantine's module of each exported name, from the package's index. */
function moduleOf(): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of readFileSync(path.join(esm, 'index.mjs'), 'utf8').matchAll(
    /import\s*\{([^}]*)\}\s*from "(\.[^"]+)"/g,
  ))
    for (const name of (match[1] ?? '').split(','))
      map.set(name.split(' as ').at(-1)?.trim() ?? '', path.join(esm, match[2] ?? ''));
  return map;
}

function usedClasses(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const hashes = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const hash of code.match(HASH) ?? []) hashes.add(hash);
    for (const match of code.matchAll(/from "(\.[^"]+\.mjs)"/g))
      visit(path.join(path.dirname(file), match[1] ?? ''));
  };
  for (const entry of entries) visit(entry);
  return hashes;
}

function listedStyleFiles(file: string): string[] {
  return [
    ...readFileSync(path.join(src, file), 'utf8').matchAll(/@mantine\/core\/styles\/([\w-]+)\.layer\.css/g),
  ].map((m) => m[1] ?? '');
}

describe("Mantine's styles per component", () => {
  it('lists the style file of every Mantine component the code uses', () => {
    const modules = moduleOf();
    const names = [...importedNames(sourceFiles(src))];
    const entries = names.flatMap((name) => {
      const file = modules.get(name);
      return file ? [file] : [];
    });
    const used = usedClasses(entries);
    const listed = new Set([
      ...listedStyleFiles('shared/ui/mantine-styles.ts'),
      ...listedStyleFiles('shared/ui/mantine-styles-app.ts'),
    ]);
    const missing = readdirSync(stylesDir)
      .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
      .map((file) => file.replace(/\.css$/, ''))
      .filter((name) => {
        const defined = readFileSync(path.join(stylesDir, `${name}.css`), 'utf8').match(HASH) ?? [];
        return !listed.has(name) && defined.some((hash) => used.has(hash));
      });
    expect(names.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('keeps the sign-in screens to their own components', () => {
    expect(listedStyleFiles('shared/ui/mantine-styles.ts')).not.toContain('Table');
  });
});
