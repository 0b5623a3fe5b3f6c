import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOCALE } from '@portal/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieLocale } from './locale.ts';

/**
 * The web build's `first-screens.json` (apps/web/first-screens.ts): by path and language, what to preload, and the
 * inline script that starts the screen's API calls (apps/web/src/shared/api/early-calls.ts).
 */
type FirstScreens = Record<
  string,
  Partial<Record<'ru' | 'en', { js?: unknown; css?: unknown; script?: unknown }>>
>;
/** A screen's shell, and the hash of its inline script for the Content-Security-Policy. */
type Shell = { html: string; scriptHash?: string };
type Shells = { modified: number; plain: string; byScreen: Map<string, Shell> };

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
    const byScreen = new Map<string, Shell>();
    for (const [route, languages] of Object.entries(screens)) {
      for (const [language, files] of Object.entries(languages)) {
        const script = inlineScript(files?.script);
        // A screen whose script starts its calls preloads its chunks at low priority: over HTTP/1.1 the browser
        // sends requests of one priority in the order it met them, and the preload scanner meets the two dozen
        // chunks before the script's calls, which waited 300 ms for a connection behind them (docs/performance.md).
        const priority = script ? ' fetchpriority="low"' : '';
        const links = [
          ...assets(files?.js).map(
            (file) => `<link rel="modulepreload" crossorigin${priority} href="${file}">`,
          ),
          ...assets(files?.css).map((file) => `<link rel="preload" as="style" crossorigin href="${file}">`),
        ];
        if (!links.length && !script) continue;
        let html = plain.replace('</head>', `${links.join('')}</head>`);
        // First in the head, so its calls are asked before the browser queues the client's files.
        if (script)
          html = html.replace(
            /<head>(\s*<meta charset="[^"]*"\s*\/?>)?/i,
            (head) => `${head}<script>${script}</script>`,
          );
        byScreen.set(`${withoutSlash(route)}|${language}`, {
          html,
          ...(script
            ? { scriptHash: `'sha256-${createHash('sha256').update(script).digest('base64')}'` }
            : {}),
        });
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
    const screen = byScreen.get(`${route}|${cookieLocale(request) ?? DEFAULT_LOCALE}`);
    const policy = reply.getHeader('content-security-policy');
    // The policy every answer carries (security-headers.ts), allowing this shell's own inline script by its hash.
    if (screen?.scriptHash && typeof policy === 'string')
      reply.header('content-security-policy', withScriptHash(policy, screen.scriptHash));
    const html = screen?.html ?? plain;
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

/** The build's inline script, if it is one that cannot end the script element or the document early. */
const inlineScript = (script: unknown): string | undefined =>
  typeof script === 'string' && script.trim() && !/<\/script|<!--/i.test(script) ? script : undefined;

/** A Content-Security-Policy whose script-src also allows a script by its hash (default-src's sources otherwise). */
export function withScriptHash(policy: string, hash: string): string {
  const directives = policy.split(';').map((directive) => directive.trim());
  const index = directives.findIndex(
    (directive) => /^script-src\s/i.test(directive) || directive === 'script-src',
  );
  if (index >= 0) directives[index] = `${directives[index]} ${hash}`;
  else {
    const fallback = directives
      .find((directive) => /^default-src\s/i.test(directive))
      ?.slice('default-src'.length);
    directives.push(`script-src${fallback ?? " 'self'"} ${hash}`);
  }
  return directives.filter(Boolean).join(';');
}
