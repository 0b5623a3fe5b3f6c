import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';

type Lot = {
  unit_id: number;
  investor_id: number;
  name: string;
  price: number;
  profit: number;
  defaultPrice: number;
  discountPrice: number | null;
  photo_url: string[];
  isOwn: boolean;
};

describe('promo marketplace', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let investor: string;
  let lender: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    [investor, lender] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });
  const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  const post = (url: string, token: string, payload?: object, locale = 'ru') =>
    t.request({
      method: 'POST',
      url: `/api/v1/${url}`,
      token,
      headers: { cookie: `cookieLocale=${locale}` },
      ...(payload ? { payload } : {}),
    });
  const lots = async (token: string): Promise<Lot[]> =>
    (await get('sale-unit/get-sale-units', token)).json().lots;
  const request = (id: number) =>
    t.ctx.database.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists the lots of several investors with prices, profitability, pictures and the own flag', async () => {
    const list = await lots(lender);
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(new Set(list.map((l) => l.investor_id)).size).toBeGreaterThanOrEqual(3);
    for (const lot of list) {
      expect(lot.price).toBeGreaterThan(0);
      expect(lot.defaultPrice).toBeGreaterThan(0);
      expect(lot.discountPrice).toBeLessThan(lot.defaultPrice);
      expect(lot.isOwn).toBe(false);
    }
    const mirror = list.find((l) => l.name === 'Сюит-зеркало №2');
    expect(mirror).toMatchObject({ investor_id: 1, price: 16_900_000 });
    expect(mirror?.profit).toBeGreaterThan(0);
    const own = (await lots(investor)).filter((l) => l.isOwn);
    expect(own.map((l) => l.name)).toEqual(['Сюит-зеркало №2']);

    const picture = await t.request({ method: 'GET', url: mirror?.photo_url[0] ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.body).toContain('<svg');
    expect((await t.request({ method: 'GET', url: '/api/v1/media/units/castle-1.svg' })).statusCode).toBe(
      404,
    );
  });

  it('refuses a buy request on one own lot and mails the others to the buyer manager', async () => {
    const mirror = (await lots(investor)).find((l) => l.isOwn) as Lot;
    const own = await post('sale-unit/send-buy-request', investor, {
      owner_investor_id: mirror.investor_id,
      unit_id: mirror.unit_id,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe('Нельзя оставить заявку на собственный лот');
    // A unit that is not on sale, or not by that owner, is no lot.
    expect(
      (await post('sale-unit/send-buy-request', lender, { owner_investor_id: 3, unit_id: mirror.unit_id }))
        .statusCode,
    ).toBe(404);
    const bought = await post('sale-unit/send-buy-request', lender, {
      owner_investor_id: mirror.investor_id,
      unit_id: mirror.unit_id,
    });
    expect(bought.statusCode).toBe(200);
    expect(await request(bought.json().requestId)).toMatchObject({
      user_id: 2,
      kind: 'buy_lot',
      manager_id: 2,
      payload: { unitId: mirror.unit_id, ownerInvestorId: 1, price: mirror.price },
    });
    const mail = await smtp.waitForMail('sokolov@example.com');
    expect(mail.subject).toContain('Заявка на покупку лота');
    expect(mail.text).toContain('Сюит-зеркало №2');
  });

  it('takes a callback request only with a phone and mails it', async () => {
    expect((await post('suggestions/booking', lender, { phone: '' })).statusCode).toBe(400);
    expect((await post('suggestions/booking', lender, {})).statusCode).toBe(400);
    const sent = await post('suggestions/booking', lender, { phone: '+7 (912) 345-67-89' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().success).toBe(true);
    expect(await request(sent.json().requestId)).toMatchObject({
      kind: 'callback',
      payload: { phone: '+79123456789', source: 'promo' },
    });
    expect((await smtp.waitForMail('sokolov@example.com')).subject).toContain('Обратный звонок');
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/suggestions/booking', payload: { phone: '1' } }))
        .statusCode,
    ).toBe(401);
  });
});
