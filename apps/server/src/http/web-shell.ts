import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOCALE } from '@portal/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieLocale } from './locale.ts';

/** The web build's `first-screens.json` (apps/web/first-screens.ts): by path and language, what to preload. */
type FirstScreens = Record<string, Partial<Record<'ru' | 'en', { js?: unknown; css?: unknown }>>>;
type Shells = { modified: number; plain: string; byScreen: Map<string, string> };

/** A file name of the build: no quotes, brackets or spaces can reach the HTML from it. */
const SAFE_ASSET = /^\/[\w./-]+$/;

/**
 * The SPA shell (index.html) for every client route. For the first screens the build lists (/login,
 * /dashboard/), the shell also names the route's own chunks and style sheets, in the language of the language
 * cookie, so the browser fetches them beside the entry instead of after it has run. The shells are made once and
 * made again when index.html changes (a deploy); without the list (an older build) every route gets index.html.
 * A pinned date (`today`, PORTAL_TODAY) is named in every shell's `<meta name="portal-today">`, which the web's
 * clock reads, so the pages count from the date the server's data does.
 */
export function webShell(webRoot: string, today?: string) {
  const indexFile = path.join(webRoot, 'index.html');
  let shells: Promise<Shells> | undefined;

  const load = async (modified: number): Promise<Shells> => {
    const index = await readFile(indexFile, 'utf8');
    const plain = today
      ? index.replace('</head>', `<meta name="portal-today" content="${today}"></head>`)
      : index;
    const screens = await readFile(path.join(webRoot, 'first-screens.json'), 'utf8')
      .then((text) => JSON.parse(text) as FirstScreens)
      .catch(() => ({}) as FirstScreens);
    const byScreen = new Map<string, string>();
    for (const [route, languages] of Object.entries(screens)) {
      for (const [language, files] of Object.entries(languages)) {
        const links = [
          ...assets(files?.js).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
          ...assets(files?.css).map((file) => `<link rel="preload" as="style" crossorigin href="${file}">`),
        ];
        if (links.length)
          byScreen.set(
            `${withoutSlash(route)}|${language}`,
            plain.replace('</head>', `${links.join('')}</head>`),
          );
      }
    }
    return { modified, plain, byScreen };
  };

  const current = async (): Promise<Shells> => {
    const modified = (await stat(indexFile)).mtimeMs;
    const loaded = shells ? await shells.catch(() => undefined) : undefined;
    if (loaded && loaded.modified === modified) return loaded;
    shells = load(modified);
    return shells;
  };

  /** Answers the shell for this request's path. */
  return async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const { plain, byScreen } = await current();
    const route = withoutSlash(request.url.split('?')[0] ?? '/');
    const html = byScreen.get(`${route}|${cookieLocale(request) ?? DEFAULT_LOCALE}`) ?? plain;
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  };
}

/** The plain paths of a list from the build; anything else (not a list, not a plain path) is left out. */
const assets = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.filter((file): file is string => typeof file === 'string' && SAFE_ASSET.test(file))
    : [];

/** `/dashboard/` and `/dashboard` are one route to the client's router. */
const withoutSlash = (pathname: string) => pathname.replace(/\/+$/, '');
