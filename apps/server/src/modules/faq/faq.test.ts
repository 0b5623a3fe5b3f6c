import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../integrations/html.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';

describe('faq calls', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
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

  it('lists the published questions in order, in both languages, to every role', async () => {
    const investorFaq = await t.request({ method: 'GET', url: '/api/v1/faq', token: investor });
    expect(investorFaq.statusCode).toBe(200);
    const items = investorFaq.json().faq as Array<{ question: string; questionEn: string; answer: string }>;
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items[0]).toMatchObject({
      question: 'Как начисляется доход по моему юниту?',
      questionEn: 'How is the income of my unit calculated?',
    });
    expect(items.every((item) => item.answer.startsWith('<p>'))).toBe(true);
    const lenderFaq = await t.request({ method: 'GET', url: '/api/v1/faq', token: lender });
    expect(lenderFaq.json().faq).toEqual(items);
    expect((await t.request({ method: 'GET', url: '/api/v1/faq' })).statusCode).toBe(401);
  });

  it('leaves out unpublished entries and never serves script in an answer', async () => {
    await t.ctx.database.db
      .insertInto('faq')
      .values([
        {
          position: 0,
          question: 'Черновик',
          question_en: 'Draft',
          answer: '<p>…</p>',
          answer_en: '<p>…</p>',
          is_published: false,
        },
        {
          position: 100,
          question: 'Ссылки',
          question_en: 'Links',
          answer: sanitizeHtml('<p onclick="x()">Текст<script>alert(1)</script></p>'),
          answer_en: sanitizeHtml('<a href="javascript:alert(1)">link</a>'),
        },
      ])
      .execute();
    const items = (await t.request({ method: 'GET', url: '/api/v1/faq', token: investor })).json()
      .faq as Array<{
      question: string;
      answer: string;
      answerEn: string;
    }>;
    expect(items.some((item) => item.question === 'Черновик')).toBe(false);
    expect(items.at(-1)).toMatchObject({
      question: 'Ссылки',
      answer: '<p>Текст</p>',
      answerEn: '<a rel="noopener noreferrer">link</a>',
    });
  });

  it("stores a question for the user's manager and mails it", async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/faq/send-question',
      token: investor,
      payload: { question: '  Когда будет выплата за октябрь?  ' },
    });
    expect(sent.statusCode).toBe(200);
    const { requestId } = sent.json();
    const stored = await t.ctx.database.db
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: 1, kind: 'faq_question', status: 'new' });
    expect(stored.payload).toEqual({ question: 'Когда будет выплата за октябрь?' });
    const mail = await smtp.waitForMail('manager@example.com');
    expect(mail.subject).toContain('Вопрос из раздела FAQ');
    expect(mail.text).toContain('Когда будет выплата за октябрь?');
  });

  it('refuses an empty question in the user’s language and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.database.db
            .selectFrom('requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kind', '=', 'faq_question')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [payload, locale, text] of [
      [{ question: '   ' }, 'ru', 'Напишите вопрос'],
      [{}, 'en', 'Write your question'],
      [{ question: 'x'.repeat(2001) }, 'ru', 'Слишком длинное значение'],
    ] as const) {
      const refused = await t.request({
        method: 'POST',
        url: '/api/v1/faq/send-question',
        token: lender,
        headers: { cookie: `cookieLocale=${locale}` },
        payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(text);
    }
    expect(await count()).toBe(before);
  });
});
