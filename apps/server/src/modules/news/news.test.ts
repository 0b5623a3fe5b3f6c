import { newsPageSize } from '@portal/contract/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../integrations/html.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { pinnedNow } from '../../test/pinned-today.ts';

type News = {
  news: Array<{ title: string; content: string; date: string }>;
  pageCount: number;
  total: number;
};

describe('news calls', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  let both: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender, both] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('both@example.com'),
    ]);
  });
  afterAll(() => t?.close());
  const get = (url: string, token = investor, locale = 'ru') =>
    t.request({ method: 'GET', url: `/api/v1/${url}`, token, headers: { cookie: `cookieLocale=${locale}` } });

  it('answers the title image in three shapes, each a picture the server serves', async () => {
    const page = (await get('news/page')).json();
    expect(Object.keys(page)).toEqual(['titleImageUrl', 'titleImageTabletUrl', 'titleImageMobileUrl']);
    for (const url of Object.values(page) as string[]) {
      const image = await t.request({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/media/news/secret.txt' })).statusCode).toBe(404);
  });

  it("pages the role's news newest first; a page past the end is empty with the total", async () => {
    const first = (await get('news?pageId=1&rolesForNews=INVESTOR&pageSize=4')).json() as News;
    expect(first.total).toBe(8);
    expect(first.pageCount).toBe(2);
    expect(first.news.map((n) => n.title)).toEqual([
      'Загрузка отелей в октябре — 78 %',
      'Озёрная часть: кровля готова',
      'Открыли новый ресторан у озера',
      'Выплаты теперь до 15 числа',
    ]);
    const dates = first.news.map((n) => Date.parse(n.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const second = (await get('news?pageId=2&rolesForNews=INVESTOR&pageSize=4')).json() as News;
    expect(second.news).toHaveLength(4);
    const past = (await get('news?pageId=9&rolesForNews=INVESTOR&pageSize=4')).json() as News;
    expect(past).toMatchObject({ news: [], total: 8, pageCount: 2 });

    const lenders = (await get('news?rolesForNews=LENDER&pageSize=12', lender)).json() as News;
    expect(lenders.total).toBe(6);
    expect(lenders.news.map((n) => n.title)).toContain('Проценты за III квартал выплачены');
    expect(lenders.news.map((n) => n.title)).not.toContain('Озёрная часть: кровля готова');
  });

  it('gives a user with both roles the news of the role asked for, and refuses a role the user lacks', async () => {
    const asLender = (await get('news?rolesForNews=LENDER&pageSize=12', both)).json() as News;
    const asInvestor = (await get('news?rolesForNews=INVESTOR&pageSize=12', both)).json() as News;
    expect(asLender.total).toBe(6);
    expect(asInvestor.total).toBe(8);
    expect((await get('news?rolesForNews=LENDER', investor)).statusCode).toBe(403);
    expect((await get('news?rolesForNews=INVESTOR', lender)).statusCode).toBe(403);
  });

  it('refuses pages and sizes out of bounds with a message in the user’s language', async () => {
    for (const query of ['pageId=0', 'pageId=x', 'pageSize=0', 'pageSize=13', 'pageId=1.5']) {
      const refused = await get(`news?rolesForNews=INVESTOR&${query}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('Неверное значение');
    }
    const noRole = await get('news', investor, 'en');
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().error.message).toBe('Invalid value');
  });

  it('never serves script stored in a news item', async () => {
    await t.ctx.database.db
      .insertInto('news')
      .values({
        for_investors: true,
        for_lenders: false,
        tag: 'Тест',
        tag_en: 'Test',
        title: 'Свежая',
        title_en: 'Fresh',
        content: sanitizeHtml('<p>Текст<img src=x onerror="alert(1)"><script>alert(2)</script></p>'),
        content_en: sanitizeHtml('<p>Text</p>'),
        image_url: null,
        published_at: new Date(pinnedNow().getTime() + 3_600_000),
      })
      .execute();
    const first = (await get('news?rolesForNews=INVESTOR&pageSize=1')).json() as News;
    expect(first.news[0]).toMatchObject({ title: 'Свежая', content: '<p>Текст<img src="x" /></p>' });
  });

  it('fits 3 cards a page up to 480 px, 2 up to 1080 px and 4 above', () => {
    expect([320, 480, 481, 768, 1080, 1081, 1440].map(newsPageSize)).toEqual([3, 3, 2, 2, 2, 4, 4]);
  });
});
