import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** The console's FAQ, and what owners then see of it. */
describe('FAQ in the back office', () => {
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
    expect((await call('GET', 'backoffice/faq', investor)).statusCode).toBe(403);
    expect((await call('GET', 'backoffice/faq', manager)).statusCode).toBe(200);
    expect((await call('GET', 'backoffice/faq', admin)).statusCode).toBe(200);
    const entry = { position: 1, question: 'В', answer: 'О', isPublished: true };
    expect((await call('POST', 'backoffice/faq', lender, entry)).statusCode).toBe(403);
  });

  it('changes an FAQ entry: unpublished it leaves the owners, moved it changes places; refusals in English too', async () => {
    const created = await call('POST', 'backoffice/faq', manager, {
      position: 500,
      question: 'Где найти отчёт?',
      answer: '<p>В разделе «Документы».</p>',
      isPublished: true,
    });
    const { id } = created.json();
    const owners = async () =>
      (await call('GET', 'faq', investor)).json().faq.map((e: { id: number }) => e.id);
    expect((await owners()).at(-1)).toBe(id);

    const changed = await call('PUT', `backoffice/faq/${id}`, admin, {
      position: 0,
      question: 'Где найти отчёт за месяц?',
      questionEn: 'Where is the monthly report?',
      answer: '<p onclick="x()">В разделе <a href="javascript:alert(1)">«Документы»</a>.</p>',
      isPublished: true,
    });
    expect(changed.statusCode).toBe(200);
    expect((await owners())[0]).toBe(id);
    const staff = (await call('GET', 'backoffice/faq', manager)).json().items;
    expect(staff.find((e: { id: number }) => e.id === id)).toMatchObject({
      question: 'Где найти отчёт за месяц?',
      questionEn: 'Where is the monthly report?',
      answer: '<p>В разделе <a rel="noopener noreferrer">«Документы»</a>.</p>',
      answerEn: '<p>В разделе <a rel="noopener noreferrer">«Документы»</a>.</p>',
    });
    expect(
      (
        await call('PUT', `backoffice/faq/${id}`, manager, {
          position: 0,
          question: 'В',
          answer: 'О',
          isPublished: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(await owners()).not.toContain(id);
    expect((await audit())[0]).toMatchObject({ action: 'content.faq.update', actor: { id: 5 } });

    const english = await t.request({
      method: 'PUT',
      url: `/api/v1/backoffice/faq/${id}`,
      token: manager,
      headers: { cookie: 'cookieLocale=en' },
      payload: { position: -1, question: 'В', answer: 'О', isPublished: true },
    });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.fields).toEqual({ position: 'Invalid value' });
    expect(
      (
        await call('PUT', 'backoffice/faq/999999', manager, {
          position: 0,
          question: 'В',
          answer: 'О',
          isPublished: true,
        })
      ).statusCode,
    ).toBe(404);
    // An owner is refused before the body is even looked at.
    expect((await call('PUT', `backoffice/faq/${id}`, investor, { position: 'bad' })).statusCode).toBe(403);
    expect((await call('DELETE', `backoffice/faq/${id}`, lender)).statusCode).toBe(403);
    expect((await call('DELETE', 'backoffice/faq/abc', manager)).statusCode).toBe(400);
  });

  it('writes FAQ entries that owners see in their order, and drafts that they do not', async () => {
    const entry = { position: 0, question: 'Есть ли парковка?', answer: '<p>Да, <i>бесплатная</i>.</p>' };
    const published = await call('POST', 'backoffice/faq', manager, { ...entry, isPublished: true });
    const draft = await call('POST', 'backoffice/faq', manager, {
      ...entry,
      question: 'Черновик',
      isPublished: false,
    });
    expect([published.statusCode, draft.statusCode]).toEqual([200, 200]);
    const faq = (await call('GET', 'faq', investor)).json().faq;
    expect(faq[0]).toMatchObject({
      id: published.json().id,
      question: 'Есть ли парковка?',
      questionEn: 'Есть ли парковка?',
      answer: '<p>Да, <i>бесплатная</i>.</p>',
    });
    expect(faq.map((item: { question: string }) => item.question)).not.toContain('Черновик');
    const staff = (await call('GET', 'backoffice/faq', manager)).json().items;
    expect(staff.map((item: { question: string }) => item.question)).toContain('Черновик');

    expect((await call('POST', 'backoffice/faq', manager, { ...entry, question: '' })).statusCode).toBe(400);
    expect((await call('DELETE', `backoffice/faq/${draft.json().id}`, admin)).statusCode).toBe(200);
    expect((await audit()).map((e) => e.action)).toEqual(
      expect.arrayContaining(['content.faq.create', 'content.faq.delete']),
    );
  });
});
