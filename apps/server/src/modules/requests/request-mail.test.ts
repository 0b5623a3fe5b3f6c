import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** The mail that tells the manager of an owner's request names its fields in the manager's language, in words. */
describe("the manager's mail about an owner's request", () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn('demo@example.com');
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) =>
    t.request({ method: 'POST', url: `/api/v1/${url}`, token: owner, payload });
  const mailOf = async (subject: string) => {
    const row = await t.ctx.database.db
      .selectFrom('outbox')
      .select('body')
      .where('subject', 'like', `${subject}%`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.body;
  };
  const managerOf = async () =>
    t.ctx.database.db
      .selectFrom('users')
      .innerJoin('managers', 'managers.id', 'users.manager_id')
      .select('managers.user_id')
      .where('users.email', '=', 'demo@example.com')
      .executeTakeFirstOrThrow();

  it('names the document by its category, in Russian or in English, with no raw keys', async () => {
    const categories = await t.ctx.database.db
      .selectFrom('document_categories')
      .select(['id', 'name', 'name_en'])
      .where('archived_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute();
    const [first, second] = categories;
    if (!first || !second) throw new Error('two document categories expected');

    expect(
      (await post('user-document/send-document-request', { category: first.id, comment: 'Для банка' }))
        .statusCode,
    ).toBe(200);
    const ru = await mailOf('Запрос документа');
    expect(ru).toContain(`Документ: ${first.name}\nКомментарий: Для банка`);
    expect(ru).not.toMatch(/categoryId|category:|comment:/);

    const { user_id } = await managerOf();
    if (user_id === null) throw new Error('the demo manager has no account');
    await t.ctx.database.db.updateTable('users').set({ locale: 'en' }).where('id', '=', user_id).execute();
    expect(
      (await post('user-document/send-document-request', { category: second.id, comment: '' })).statusCode,
    ).toBe(200);
    const en = await mailOf('Document request');
    expect(en).toContain(`Document: ${second.name_en}`);
    expect(en).not.toMatch(/categoryId|Комментарий|Документ/);
    await t.ctx.database.db.updateTable('users').set({ locale: 'ru' }).where('id', '=', user_id).execute();
  });

  it("tells a lot's unit, price and seller in words, not by their ids", async () => {
    const lots = (
      await t.request({ method: 'GET', url: '/api/v1/sale-unit/get-sale-units', token: owner })
    ).json().lots as Array<{ investor_id: number; unit_id: number; isOwn: boolean }>;
    const lot = lots.find((item) => !item.isOwn && item.investor_id !== 0);
    if (!lot) throw new Error('no lot of another investor');
    expect(
      (await post('sale-unit/send-buy-request', { owner_investor_id: lot.investor_id, unit_id: lot.unit_id }))
        .statusCode,
    ).toBe(200);
    const body = await mailOf('Заявка на покупку лота');
    expect(body).toMatch(/Юнит: .+, .+/);
    expect(body).toMatch(/Цена: [\d ]+(,\d+)? ₽/);
    expect(body).toContain(`Продавец: клиент №${lot.investor_id}`);
    expect(body).not.toMatch(/unitId|ownerInvestorId|lotId|price:/);
  });
});
