import path from 'node:path';
import type { Plugin } from 'vite';
import { earlyCallsScript } from './src/shared/api/early-calls.ts';

/**
 * The first screens' code named in their HTML. index.html names only the entry and what it imports, so a
 * page's own chunks (its route module, the signed-in layout, the language's texts) used to start downloading only
 * once the entry had arrived and run: a second round trip before the first paint. The build writes
 * `first-screens.json` beside index.html: for each of these paths and each language, the chunks and style sheets
 * the route loads before it first renders (its lazy modules with their static imports, less what index.html names);
 * the server puts them into the shell it answers for such a path (`modulepreload` and `preload` links), choosing
 * the language by the language cookie.
 *
 * `{lang}` stands for `ru` or `en`. The lists follow the router (src/app/router.tsx) and src/shared/i18n.
 */
export const FIRST_SCREENS: Record<string, string[]> = {
  '/login': ['src/shared/i18n/{lang}-sign-in.ts', 'src/features/auth/login-page.tsx'],
  '/dashboard/': [
    'src/shared/i18n/{lang}-sign-in.ts',
    'src/shared/i18n/{lang}.ts',
    'src/app/layout/app-layout.tsx',
    'src/features/dashboard/dashboard-page.tsx',
  ],
};

/**
 * The first screens whose shell starts their API calls before the client's code arrives: the inline script of
 * src/shared/api/early-calls.ts, written into first-screens.json with the screen's files.
 */
const EARLY_CALLS: Record<string, string> = { '/dashboard/': earlyCallsScript() };

export const LANGUAGES = ['ru', 'en'] as const;

/**
 * What first-screens.json holds: by path, then language, the files to preload (paths from the site's root) and the
 * inline script that starts the screen's calls, if it has one.
 */
export type FirstScreens = Record<
  string,
  Record<(typeof LANGUAGES)[number], { js: string[]; css: string[]; script?: string }>
>;

type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** A chunk group of the build (rolldown's `output.codeSplitting.groups`). */
type ChunkGroup = { name: string; test: (id: string) => boolean; priority: number };

/** A Mantine component's own module: `@mantine/core/esm/components/Button/Button.mjs`. */
const MANTINE_COMPONENT = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](\w+)[\\/]\1\.mjs$/;
const MANTINE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;

/**
 * The plugin, and the chunk groups of the first screens' Mantine components. As the build reads the modules, the
 * plugin notes the components each screen's own modules import (`import { Button, … } from '@mantine/core'` in
 * the modules its FIRST_SCREENS sources reach by static imports); each screen's group puts them, with what they
 * stand on, into one chunk, the earlier screen first (the dashboard loads the sign-in screen's chunk as well). The
 * automatic split would make each component a chunk of a few hundred bytes, which compress worse and queue on
 * HTTP/1.1's six connections. No list of components to keep: the screens' imports are the list.
 */
export function firstScreens(): { plugin: Plugin; groups: ChunkGroup[] } {
  let root = process.cwd();
  let base = '/';
  const components = new Map<string, Set<string>>();
  const routes = Object.keys(FIRST_SCREENS);
  const groups = routes.map((route, index) => ({
    name: `mantine-${route.replaceAll('/', '')}`,
    test: (id: string) => {
      const name = MANTINE_COMPONENT.exec(id)?.[1];
      return name !== undefined && (components.get(route)?.has(name) ?? false);
    },
    priority: routes.length - index,
  }));
  const plugin: Plugin = {
    name: 'portal-first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    // Every module is read by now, and chunking has not begun.
    buildEnd() {
      for (const [route, sources] of Object.entries(FIRST_SCREENS)) {
        const seen = new Set<string>();
        const names = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || id.startsWith('\0') || id.includes('node_modules')) return;
          seen.add(id);
          const module = this.getModuleInfo(id);
          for (const [, list] of module?.code?.matchAll(MANTINE_IMPORT) ?? [])
            for (const item of (list ?? '').split(',')) names.add(item.trim().split(/\s+as\s+/)[0] ?? '');
          for (const next of module?.importedIds ?? []) visit(next);
        };
        // Both languages' texts are plain objects: the language-free sources are the ones that import components.
        for (const source of sources) if (!source.includes('{lang}')) visit(path.resolve(root, source));
        components.set(route, names);
      }
    },
    // Last, once Vite has dropped the chunks that held only style sheets.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as Chunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: Chunk[]) => {
          const files = new Set<string>();
          const css = new Set<string>();
          const visit = (chunk: Chunk) => {
            if (files.has(chunk.fileName)) return;
            files.add(chunk.fileName);
            for (const sheet of chunk.viteMetadata?.importedCss ?? []) css.add(sheet);
            for (const file of chunk.imports) {
              const next = byFile.get(file);
              if (next) visit(next);
            }
          };
          for (const chunk of start) visit(chunk);
          return { files, css };
        };
        const named = closure(chunks.filter((chunk) => chunk.isEntry));
        const chunkOf = (source: string) => {
          const id = path.resolve(root, source);
          const chunk =
            chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) this.error(`first-screens: no chunk holds ${source}`);
          return chunk;
        };
        const result: FirstScreens = {};
        for (const [route, sources] of Object.entries(FIRST_SCREENS)) {
          const entry = {} as FirstScreens[string];
          for (const language of LANGUAGES) {
            const { files, css } = closure(
              sources.map((source) => chunkOf(source.replace('{lang}', language))),
            );
            entry[language] = {
              js: [...files].filter((file) => !named.files.has(file)).map((file) => base + file),
              css: [...css].filter((file) => !named.css.has(file)).map((file) => base + file),
              ...(EARLY_CALLS[route] ? { script: EARLY_CALLS[route] } : {}),
            };
          }
          result[route] = entry;
        }
        this.emitFile({
          type: 'asset',
          fileName: 'first-screens.json',
          source: `${JSON.stringify(result, null, 2)}\n`,
        });
      },
    },
  };
  return { plugin, groups };
}
