import path from 'node:path';
import type { Plugin } from 'vite';

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

export const LANGUAGES = ['ru', 'en'] as const;

/** What first-screens.json holds: by path, then language, the files to preload (paths from the site's root). */
export type FirstScreens = Record<
  string,
  Record<(typeof LANGUAGES)[number], { js: string[]; css: string[] }>
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

export function firstScreens(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'portal-first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
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
}
