import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webShell, withScriptHash } from './web-shell.ts';

const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><script type="module" src="/assets/index-1.js"></script></head><body></body></html>';
const SCRIPT = "(function(){window.early=fetch('/api/v1/users/locations')})();";
const POLICY = "default-src 'self';script-src 'self';object-src 'none'";
const FIRST_SCREENS = {
  '/login': {
    ru: { js: ['/assets/ru-sign-in-1.js', '/assets/login-page-1.js'], css: [] },
    en: { js: ['/assets/en-sign-in-1.js', '/assets/login-page-1.js'], css: [] },
  },
  '/dashboard/': {
    ru: {
      js: ['/assets/ru-1.js', '/assets/dashboard-page-1.js'],
      css: ['/assets/layout-1.css'],
      script: SCRIPT,
    },
    en: {
      js: ['/assets/en-1.js', '/assets/dashboard-page-1.js', '/assets/"><script>x</script>', 7],
      css: 'x',
      script: '</script><script>alert(1)</script>',
    },
  },
};

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('the SPA shell of the first screens', () => {
  let webDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'portal-shell-'));
    await writeFile(path.join(webDir, 'index.html'), INDEX);
    await writeFile(path.join(webDir, 'first-screens.json'), JSON.stringify(FIRST_SCREENS));
    app = Fastify();
    // The policy every answer of the app carries (security-headers.ts).
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', POLICY);
    });
    app.get('/*', webShell(webDir));
  });
  afterAll(async () => {
    await app.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('names the route’s chunks and style sheets in the language of the cookie, Russian by default', async () => {
    const russian = await get('/dashboard/');
    expect(russian.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(russian.headers['cache-control']).toBe('no-cache');
    expect(preloads(russian.body)).toEqual([
      '/assets/ru-1.js',
      '/assets/dashboard-page-1.js',
      '/assets/layout-1.css',
    ]);
    expect(russian.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/layout-1.css">');
    expect(preloads((await get('/dashboard', 'other=1; cookieLocale=EN')).body)).toEqual([
      '/assets/en-1.js',
      '/assets/dashboard-page-1.js',
    ]);
    expect(preloads((await get('/login?next=1', 'cookieLocale=RU')).body)).toEqual([
      '/assets/ru-sign-in-1.js',
      '/assets/login-page-1.js',
    ]);
  });

  it("starts the screen's calls with an inline script first in the head, allowed by its hash alone", async () => {
    const dashboard = await get('/dashboard/');
    expect(dashboard.body).toContain(`<head><meta charset="UTF-8" /><script>${SCRIPT}</script>`);
    // Its calls go before the route's chunks: the chunks' preloads ask for a low priority, where a screen without
    // calls keeps the browser's own.
    expect(dashboard.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/dashboard-page-1.js">',
    );
    expect((await get('/login')).body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-page-1.js">',
    );
    const hash = createHash('sha256').update(SCRIPT).digest('base64');
    expect(dashboard.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' 'sha256-${hash}';object-src 'none'`,
    );
    // A script that could close its element is left out, and so is its hash; other screens keep the policy.
    const english = await get('/dashboard/', 'cookieLocale=EN');
    expect(english.body).not.toContain('alert(1)');
    expect(english.headers['content-security-policy']).toBe(POLICY);
    expect((await get('/login')).headers['content-security-policy']).toBe(POLICY);
    expect((await get('/login')).body).not.toContain('<script>');
  });

  it('adds a hash to script-src, or to a script-src made from default-src where there is none', () => {
    expect(withScriptHash("default-src 'self'; img-src data:", "'sha256-x'")).toBe(
      "default-src 'self';img-src data:;script-src 'self' 'sha256-x'",
    );
    expect(withScriptHash("script-src 'self' https://captcha.example", "'sha256-x'")).toBe(
      "script-src 'self' https://captcha.example 'sha256-x'",
    );
  });

  it('answers other routes with index.html as built, and never writes a file name that is not a plain path', async () => {
    expect((await get('/profile/')).body).toBe(INDEX);
    expect((await get('/dashboard/', 'cookieLocale=EN')).body).not.toContain('<script>x');
  });

  it('follows a new index.html (a deploy) without a restart, and serves the plain shell without the list', async () => {
    const next = INDEX.replace('index-1.js', 'index-2.js');
    await writeFile(path.join(webDir, 'index.html'), next);
    await rm(path.join(webDir, 'first-screens.json'));
    // A second apart, so the modification time differs on any file system.
    const later = new Date(Date.now() + 1000);
    await utimes(path.join(webDir, 'index.html'), later, later);
    expect((await get('/dashboard/')).body).toBe(next);
  });
});

describe('the SPA shell on a pinned date', () => {
  let webDir: string;
  const appOn = (today?: string) => {
    const app = Fastify();
    app.get('/*', webShell(webDir, today));
    return app;
  };
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'portal-shell-'));
    await writeFile(path.join(webDir, 'index.html'), INDEX);
    await writeFile(path.join(webDir, 'first-screens.json'), JSON.stringify(FIRST_SCREENS));
  });
  afterAll(() => rm(webDir, { recursive: true, force: true }));

  it('names the pinned date in every shell, so the web counts from the date the data does', async () => {
    const app = appOn('2027-01-31');
    for (const url of ['/profile/', '/dashboard/', '/login']) {
      const body = (await app.inject({ method: 'GET', url })).body;
      expect(body.match(/<meta name="portal-today" content="([^"]*)">/g)).toEqual([
        '<meta name="portal-today" content="2027-01-31">',
      ]);
      expect(body.indexOf('portal-today')).toBeLessThan(body.indexOf('</head>'));
    }
    await app.close();
  });

  it('names no date when none is pinned', async () => {
    const app = appOn(undefined);
    for (const url of ['/profile/', '/dashboard/'])
      expect((await app.inject({ method: 'GET', url })).body).not.toContain('portal-today');
    await app.close();
  });
});
