import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { solidPng } from '../test/images.ts';
import { isCleanText, isCleanValue } from './security-hooks.ts';

/** Production defaults, input that used to answer 500, and no-store caching. */
describe('security controls of every call', () => {
  let t: TestApp;
  let investor: string;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, manager] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('manager@example.com'),
    ]);
  });
  afterAll(() => t?.close());

  describe('finding 10: NUL bytes, lone surrogates, malformed headers', () => {
    const badText = {
      ru: 'Запрос содержит недопустимые символы',
      en: 'The request contains characters that are not allowed',
    };

    it('tells a clean string from a NUL or a surrogate without its pair', () => {
      expect(isCleanText('Привет, мир 👋')).toBe(true);
      expect(isCleanText('a\u0000b')).toBe(false);
      expect(isCleanText('\ud800')).toBe(false);
      expect(isCleanText('x\udc00')).toBe(false);
      expect(isCleanValue({ a: [{ b: 'ok' }], c: 1, d: null })).toBe(true);
      expect(isCleanValue({ a: [{ b: 'o\u0000k' }] })).toBe(false);
      expect(isCleanValue({ 'k\ud800': 'v' })).toBe(false);
    });

    it('answers 400 in the user language for a NUL or a lone surrogate in a body, never 500', async () => {
      const question = (payload: string, locale = 'ru') =>
        t.request({
          method: 'POST',
          url: '/api/v1/faq/send-question',
          token: investor,
          headers: { 'content-type': 'application/json', cookie: `cookieLocale=${locale}` },
          payload,
        });
      const nul = await question('{"question":"Когда\\u0000 выплата?"}');
      expect(nul.statusCode).toBe(400);
      expect(nul.json().error).toMatchObject({ code: 'validation', message: badText.ru });
      const surrogate = await question('{"question":"\\ud800 вопрос"}', 'en');
      expect(surrogate.statusCode).toBe(400);
      expect(surrogate.json().error.message).toBe(badText.en);
      // A key with NUL too, and nothing was stored.
      expect((await question('{"question\\u0000":"x","question":"y"}')).statusCode).toBe(400);
      const stored = await t.ctx.database.db
        .selectFrom('requests')
        .select('id')
        .where('kind', '=', 'faq_question')
        .where(sql<boolean>`payload::text like '%вопрос%' or payload::text like '%выплата?%'`)
        .execute();
      expect(stored).toEqual([]);
    });

    it('answers 400 for NUL in a query string, a path parameter or a console form', async () => {
      const search = await t.request({
        method: 'GET',
        url: '/api/v1/backoffice/owners?search=%00',
        token: manager,
      });
      expect(search.statusCode).toBe(400);
      expect(search.json().error.message).toBe(badText.ru);
      const owner = await t.request({
        method: 'POST',
        url: '/api/v1/backoffice/owners',
        token: manager,
        payload: { lastName: 'Null\u0000', firstName: 'Byte', email: 'nul@example.com', roles: ['INVESTOR'] },
      });
      expect(owner.statusCode).toBe(400);
      const profile = await t.request({
        method: 'POST',
        url: '/api/v1/users/send-change-data-request',
        token: investor,
        payload: { kind: 'base_data', message: 'адрес\u0000' },
      });
      expect(profile.statusCode).toBe(400);
      const path = await t.request({ method: 'GET', url: '/api/v1/media/units/%00.svg', token: investor });
      expect(path.statusCode).not.toBe(500);
      expect(path.statusCode).toBeLessThan(500);
    });

    it('answers 400 for a malformed X-File-Name, before the import reads the file', async () => {
      for (const name of ['%E0%A4%A', '%', 'a%00b', '%ED%A0%80']) {
        const response = await t.request({
          method: 'POST',
          url: '/api/v1/backoffice/import/bookings',
          token: manager,
          headers: { 'content-type': 'text/csv', 'x-file-name': name, cookie: 'cookieLocale=en' },
          payload: 'externalId,unitId\n',
        });
        expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
        expect(response.json().error).toMatchObject({
          message: 'A request header is malformed',
          fields: { 'x-file-name': 'A request header is malformed' },
        });
      }
    });

    it('maps a unique-key violation to 409 and a value the database refuses to 400, on any route', async () => {
      const app = await buildApp(t.ctx, { logger: false, serveWeb: false });
      try {
        app.post('/api/v1/test/duplicate', async () => {
          await t.ctx.database.db.insertInto('user_roles').values({ user_id: 1, role: 'INVESTOR' }).execute();
          return { ok: true };
        });
        app.post('/api/v1/test/bad-value', async () => {
          await sql`select ${'не число'}::int`.execute(t.ctx.database.db);
          return { ok: true };
        });
        const duplicate = await app.inject({
          method: 'POST',
          url: '/api/v1/test/duplicate',
          headers: { cookie: 'cookieLocale=en' },
        });
        expect(duplicate.statusCode).toBe(409);
        expect(duplicate.json().error).toMatchObject({
          code: 'conflict',
          message: 'Such a record already exists. Reload the page and check the data.',
        });
        const bad = await app.inject({ method: 'POST', url: '/api/v1/test/bad-value' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error.message).toBe('Некорректный запрос');
      } finally {
        await app.close();
      }
    });
  });

  describe('finding 12: Cache-Control: no-store', () => {
    it('is on every answer to a signed-in call, errors included', async () => {
      for (const url of ['/api/v1/users/data-profile', '/api/v1/users/actives', '/api/v1/faq']) {
        const response = await t.request({ method: 'GET', url, token: investor });
        expect({ url, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
          url,
          status: 200,
          cache: 'no-store',
        });
      }
      const console = await t.request({ method: 'GET', url: '/api/v1/backoffice/owners/3', token: manager });
      expect(console.headers['cache-control']).toBe('no-store');
      const missing = await t.request({ method: 'GET', url: '/api/v1/users/data-profile' });
      expect(missing.statusCode).toBe(401);
      expect(missing.headers['cache-control']).toBe('no-store');
    });

    it('is on every download: XLSX, avatars', async () => {
      const xlsx = await t.request({
        method: 'GET',
        url: '/api/v1/investor-income/xls?location=1',
        token: investor,
      });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-disposition']).toContain('attachment');
      expect(xlsx.headers['cache-control']).toBe('no-store');

      const upload = await t.request({
        method: 'POST',
        url: '/api/v1/users/avatar',
        token: investor,
        headers: { 'content-type': 'image/png' },
        payload: solidPng(8, 8, [200, 10, 10]),
      });
      expect(upload.statusCode).toBe(200);
      const avatar = await t.request({ method: 'GET', url: upload.json().avatar });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['cache-control']).toBe('no-store');
    });

    it("leaves the public demo pictures' caching to anonymous loads", async () => {
      const picture = await t.request({ method: 'GET', url: '/api/v1/media/checks/check-1-1.svg' });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['cache-control']).toContain('public');
      const signedIn = await t.request({
        method: 'GET',
        url: '/api/v1/media/checks/check-1-1.svg',
        token: investor,
      });
      expect(signedIn.headers['cache-control']).toBe('no-store');
    });
  });

  describe('finding 7: production defaults', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent' };

    it('starts production without demo data and without the API docs, unless asked', () => {
      expect(loadConfig(production)).toMatchObject({ demoData: false, apiDocs: false });
      expect(loadConfig({ ...production, DEMO_DATA: 'true', API_DOCS: 'true' })).toMatchObject({
        demoData: true,
        apiDocs: true,
      });
      expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: t.ctx.config.dataDir })).toMatchObject({
        demoData: true,
        apiDocs: true,
      });
      expect(
        loadConfig({ NODE_ENV: 'development', DATA_DIR: t.ctx.config.dataDir, API_DOCS: 'false' }).apiDocs,
      ).toBe(false);
    });

    it('serves /api/docs only when the docs are on', async () => {
      expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      const app = await buildApp(
        { ...t.ctx, config: { ...t.ctx.config, apiDocs: false } },
        { logger: false, serveWeb: false },
      );
      try {
        for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
          expect({ url, status: (await app.inject({ method: 'GET', url })).statusCode }).toEqual({
            url,
            status: 404,
          });
        }
        // The API itself works the same.
        expect((await app.inject({ method: 'GET', url: '/api/v1/demo-accounts' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('publishes the demo accounts only on a demo database with demo data on', async () => {
      const accounts = async (demoData: boolean) => {
        const app = await buildApp(
          { ...t.ctx, config: { ...t.ctx.config, demoData } },
          { logger: false, serveWeb: false },
        );
        try {
          return (await app.inject({ method: 'GET', url: '/api/v1/demo-accounts' })).json().accounts;
        } finally {
          await app.close();
        }
      };
      expect((await accounts(true)).length).toBeGreaterThan(0);
      expect(await accounts(false)).toEqual([]);
      // A database that is not the demo's publishes nothing even with demo data on.
      await t.ctx.database.db
        .updateTable('users')
        .set({ email: 'demo-renamed@example.com' })
        .where('id', '=', 1223)
        .execute();
      try {
        expect(await accounts(true)).toEqual([]);
      } finally {
        await t.ctx.database.db
          .updateTable('users')
          .set({ email: 'demo@example.com' })
          .where('id', '=', 1223)
          .execute();
      }
    });
  });
});
