import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.ts';

describe('serving the web client', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await import('node:fs/promises').then((fs) => fs.mkdir(path.join(webDir, 'assets')));
    await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await startTestApp({ WEB_DIST_DIR: webDir });
    await t.app.close();
    // The harness builds without the SPA; this file needs it.
    const { buildApp } = await import('./app.ts');
    t.app = await buildApp(t.ctx, { logger: false, serveWeb: true });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('answers every client route with the SPA shell (history fallback), never cached', async () => {
    for (const url of ['/', '/login', '/profile/', '/dashboard/income/', '/activation/some-link']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect({ url, cache: response.headers['cache-control'] }).toEqual({ url, cache: 'no-cache' });
    }
  });

  it('serves hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('sends the same security headers on API answers, errors and unknown paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    for (const url of ['/api/health', '/api/v1/users/actives-info', '/api/v1/no-such-call']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('answers 404 for a missing file rather than the shell, and serves files added after start', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-old.js' })).statusCode).toBe(404);
    await writeFile(path.join(webDir, 'assets', 'index-new.js'), 'console.log(2)');
    const added = await t.app.inject({ method: 'GET', url: '/assets/index-new.js' });
    expect(added.statusCode).toBe(200);
    expect(added.body).toBe('console.log(2)');
  });

  it('keeps unknown API paths JSON 404, not the shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('compresses large answers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});
