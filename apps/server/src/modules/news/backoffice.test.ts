import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** The console's news, and what owners then see of it. */
describe('news in the back office', () => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let investor: string;
  let lender: string;
  beforeAll(async () => {
    t = await startTestApp();
    [manager, admin, investor, lender] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
    ]);
  });
  afterAll(() => t?.close());
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.request({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });
  const audit = async () =>
    (await call('GET', 'backoffice/audit?pageSize=100', admin)).json().items as Array<{
      action: string;
      actor: { id: number };
    }>;

  it('is for managers and admins only', async () => {
    expect((await call('GET', 'backoffice/news', investor)).statusCode).toBe(403);
    expect((await call('GET', 'backoffice/news', manager)).statusCode).toBe(200);
    expect((await call('GET', 'backoffice/news', admin)).statusCode).toBe(200);
    expect((await call('DELETE', 'backoffice/news/1', investor)).statusCode).toBe(403);
  });

  it('publishes a news item for lenders that lenders then read, sanitized, and audits it', async () => {
    const created = await call('POST', 'backoffice/news', manager, {
      forInvestors: false,
      forLenders: true,
      tag: 'Займы',
      title: 'Новая ставка по займам',
      content: '<p>Ставка <b>16 %</b><script>alert(1)</script></p>',
      imageUrl: '/api/v1/media/news/news-3.svg',
      isPublished: true,
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const read = (await call('GET', 'news?rolesForNews=LENDER&pageSize=1', lender)).json();
    expect(read.news[0]).toMatchObject({
      id,
      title: 'Новая ставка по займам',
      titleEn: 'Новая ставка по займам',
      tagName: 'Займы',
      content: '<p>Ставка <b>16 %</b></p>',
      newsImageUrl: '/api/v1/media/news/news-3.svg',
    });
    const investors = (await call('GET', 'news?rolesForNews=INVESTOR&pageSize=12', investor)).json();
    expect(investors.news.map((n: { id: number }) => n.id)).not.toContain(id);

    // Unpublished, it leaves the owners' page; deleted, it leaves the console.
    const draft = await call('PUT', `backoffice/news/${id}`, admin, {
      forInvestors: false,
      forLenders: true,
      tag: 'Займы',
      title: 'Новая ставка по займам',
      content: '<p>Черновик</p>',
      isPublished: false,
    });
    expect(draft.statusCode).toBe(200);
    // The change is audited with the values before and after.
    const update = await t.ctx.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'content.news.update')
      .where('entity_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect((update.details as { changes: unknown }).changes).toMatchObject({
      content: { from: '<p>Ставка <b>16 %</b></p>', to: '<p>Черновик</p>' },
      contentEn: { from: '<p>Ставка <b>16 %</b></p>', to: '<p>Черновик</p>' },
      imageUrl: { from: '/api/v1/media/news/news-3.svg', to: null },
      isPublished: { from: true, to: false },
    });
    const after = (await call('GET', 'news?rolesForNews=LENDER&pageSize=12', lender)).json();
    expect(after.news.map((n: { id: number }) => n.id)).not.toContain(id);
    expect((await call('DELETE', `backoffice/news/${id}`, manager)).statusCode).toBe(200);
    expect((await call('DELETE', `backoffice/news/${id}`, manager)).statusCode).toBe(404);
    expect((await audit()).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['content.news.create', 'content.news.update', 'content.news.delete']),
    );
  });

  it('refuses news for nobody, a script URL as the picture and an empty title, and changes nothing', async () => {
    const before = (await call('GET', 'backoffice/news', manager)).json().items.length;
    const base = {
      forInvestors: true,
      forLenders: false,
      tag: 'Т',
      title: 'Т',
      content: 'Т',
      isPublished: true,
    };
    const nobody = await call('POST', 'backoffice/news', manager, { ...base, forInvestors: false });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.message).toBe('Выберите, кому новость: инвесторам, займодателям или всем');
    for (const bad of [{ imageUrl: 'javascript:alert(1)' }, { title: '  ' }, { publishedAt: 'yesterday' }]) {
      expect((await call('POST', 'backoffice/news', manager, { ...base, ...bad })).statusCode).toBe(400);
    }
    expect((await call('PUT', 'backoffice/news/999999', manager, base)).statusCode).toBe(404);
    expect((await call('GET', 'backoffice/news', manager)).json().items.length).toBe(before);
  });
});
