import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';

type OwnerRequest = {
  id: number;
  kind: string;
  status: string;
  categoryId: number | null;
  comment: string | null;
  answeredAt: string | null;
};

/** The manager's answer to a request reaches the owner: listed with the request, and mailed once. */
describe("the manager's answer to an owner's request", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let owner: string;
  let manager: string;
  let lender: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    // The demo owner reads the portal in English: the answer comes in English.
    await t.ctx.database.db.updateTable('users').set({ locale: 'en' }).where('id', '=', 1223).execute();
    [owner, manager, lender] = await Promise.all([
      t.signIn('demo@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('lender@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });

  const mine = async (token: string): Promise<OwnerRequest[]> =>
    (await t.request({ method: 'GET', url: '/api/v1/users/requests', token })).json().requests;
  const patch = (token: string, id: number, payload: object) =>
    t.request({ method: 'PATCH', url: `/api/v1/backoffice/requests/${id}`, token, payload });
  const mailsTo = (email: string) =>
    t.ctx.database.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', email)
      .where('subject', 'like', 'Your request%')
      .execute();

  it('shows the status and the comment with the request and mails the owner once, in their language', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/user-document/send-document-request',
      token: owner,
      payload: { category: 2, comment: 'Акт сверки за квартал' },
    });
    expect(sent.statusCode).toBe(200);
    const { requestId } = sent.json();
    expect((await mine(owner)).find((r) => r.id === requestId)).toMatchObject({
      kind: 'document',
      status: 'new',
      categoryId: 2,
      comment: null,
      answeredAt: null,
    });
    // Another owner never reads it.
    expect((await mine(lender)).map((r) => r.id)).not.toContain(requestId);
    // The console is for staff.
    expect((await patch(owner, requestId, { status: 'done', comment: 'x' })).statusCode).toBe(403);

    expect((await patch(manager, requestId, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await mine(owner)).find((r) => r.id === requestId)?.status).toBe('in_progress');
    const done = await patch(manager, requestId, { status: 'done', comment: 'Акт загружен в документы' });
    expect(done.statusCode).toBe(200);
    const answered = (await mine(owner)).find((r) => r.id === requestId);
    expect(answered).toMatchObject({ status: 'done', comment: 'Акт загружен в документы' });
    expect(answered?.answeredAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const mail = await smtp.waitForMail('demo@example.com');
    expect(mail.subject).toContain(`Your request No. ${requestId} is done`);
    expect(mail.text).toContain('Акт загружен в документы');
    expect(mail.text).toContain('http://portal.test/documents/');
    // A done request does not move again, so no second mail.
    expect((await patch(manager, requestId, { status: 'done', comment: 'again' })).statusCode).toBe(400);
    expect(await mailsTo('demo@example.com')).toHaveLength(1);
  });

  it('refuses a request only with a comment; the owner reads the refusal and gets one mail', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/user-document/send-document-request',
      token: owner,
      payload: { category: 372382 },
    });
    const { requestId } = sent.json();
    const bare = await patch(manager, requestId, { status: 'rejected' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe(
      'Напишите, почему заявка отклонена, — клиент прочитает комментарий',
    );
    const refused = await patch(manager, requestId, {
      status: 'rejected',
      comment: 'Справка выдаётся только по итогам года',
    });
    expect(refused.statusCode).toBe(200);
    expect((await mine(owner)).find((r) => r.id === requestId)).toMatchObject({
      status: 'rejected',
      comment: 'Справка выдаётся только по итогам года',
    });
    const mail = await smtp.waitForMail('demo@example.com');
    expect(mail.subject).toContain(`Your request No. ${requestId} is refused`);
    expect(mail.text).toContain('Справка выдаётся только по итогам года');
    // Refused is an end: it neither moves on nor mails again, and the category may be asked for again.
    expect((await patch(manager, requestId, { status: 'done', comment: 'x' })).statusCode).toBe(400);
    const refusals = await t.ctx.database.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', 'demo@example.com')
      .where('subject', 'like', `Your request No. ${requestId} %`)
      .execute();
    expect(refusals).toHaveLength(1);
    const again = await t.request({
      method: 'POST',
      url: '/api/v1/user-document/send-document-request',
      token: owner,
      payload: { category: 372382 },
    });
    expect(again.statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/users/requests' })).statusCode).toBe(401);
  });
});
