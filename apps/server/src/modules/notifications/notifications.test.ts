import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { simplePdf } from '../documents/pdf.ts';
import { deliverDueMessages } from '../outbox/outbox.ts';
import { makeStatement, runStatements } from '../statements/service.ts';
import { dispatchNotifications, runDigests } from './service.ts';

const DEMO = 1223;
const INVESTOR = 1;

function form(fields: Record<string, string>, file: { data: Buffer; name: string }) {
  const boundary = '----portal-notify-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The text of a PDF as pdf.js reads it, the lines of every page joined. */
async function pdfText(bytes: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const doc = await task.promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const items = (await (await doc.getPage(n)).getTextContent()).items as Array<{ str?: string }>;
    texts.push(items.map((item) => item.str ?? '').join(' '));
  }
  await task.destroy();
  return texts.join('\n').replace(/\s+/g, ' ');
}

type Listed = {
  id: number;
  kind: string;
  title: string;
  titleEn: string;
  text: string;
  link: string;
  read: boolean;
};

describe('owner notifications', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let demo: string;
  let lender: string;
  let investor: string;
  let manager: string;
  let admin: string;
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    // The demo owner reads the portal in English: their mails come in English.
    await t.ctx.database.db.updateTable('users').set({ locale: 'en' }).where('id', '=', DEMO).execute();
    [demo, lender, investor, manager, admin] = await Promise.all([
      t.signIn('demo@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('investor@example.com'),
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    t.request({
      method,
      url: `/api/v1/${url}`,
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
    });
  const listed = async (token: string): Promise<{ notifications: Listed[]; unread: number }> =>
    (await api('GET', 'notifications', token)).json();
  const uploadForDemo = async (number: string) => {
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/backoffice/owners/${DEMO}/documents`,
      token: manager,
      ...form(
        { categoryId: '2', locationId: '1', number, statusId: '1' },
        { data: await simplePdf('Act', ['To sign']), name: `act-${number}.pdf` },
      ),
    });
    expect(response.statusCode).toBe(200);
  };
  const mailsTo = (email: string, subject: string) =>
    t.ctx.database.db
      .selectFrom('outbox')
      .select(['id', 'subject'])
      .where('recipient', '=', email)
      .where('subject', 'like', `%${subject}%`)
      .execute();

  it('mails a document to sign in the owner’s language, with a one-click unsubscribe, and lists it unread', async () => {
    await uploadForDemo('N-1');
    const mail = await smtp.waitForMail('demo@example.com');
    expect(mail.subject).toBe('A document awaits your signature: Act №N-1');
    expect(mail.text).toContain('http://portal.test/documents/');
    expect(mail.text).toMatch(
      /Unsubscribe from them in one click: http:\/\/portal\.test\/unsubscribe\?u=1223&k=signature&t=/,
    );
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/portal\.test\/api\/v1\/notifications\/unsubscribe\?u=1223&k=signature&t=[\w-]+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const list = await listed(demo);
    const event = list.notifications[0];
    expect(event).toMatchObject({
      kind: 'signature',
      title: 'Документ ждёт вашей подписи: Акт №N-1',
      titleEn: 'A document awaits your signature: Act №N-1',
      link: '/documents/',
      read: false,
    });
    expect(list.unread).toBeGreaterThanOrEqual(1);
    expect((await api('GET', 'notifications/unread-count', demo)).json().unread).toBe(list.unread);
    // Another owner's list does not have it, and their ids change nothing of it.
    expect((await listed(lender)).notifications.map((n) => n.id)).not.toContain(event?.id);
    expect((await api('POST', 'notifications/read', lender, { ids: [event?.id] })).statusCode).toBe(200);
    expect((await listed(demo)).notifications[0]?.read).toBe(false);
    // Read one, then all.
    const read = await api('POST', 'notifications/read', demo, { ids: [event?.id] });
    expect(read.json().unread).toBe(list.unread - 1);
    expect((await listed(demo)).notifications[0]?.read).toBe(true);
    expect((await api('POST', 'notifications/read', demo, { all: true })).json().unread).toBe(0);
    // Nothing to mark is a 400 with a message in the request's language.
    const empty = await api('POST', 'notifications/read', demo, {});
    expect(empty.statusCode).toBe(400);
  });

  it('keeps the choice per kind: a kind turned off is listed but not mailed', async () => {
    const defaults = (await api('GET', 'notifications/settings', demo)).json().settings;
    expect(defaults).toContainEqual({ kind: 'news', mode: 'off' });
    expect(defaults).toContainEqual({ kind: 'signature', mode: 'immediate' });
    const bad = await api('PUT', 'notifications/settings', demo, {
      settings: [{ kind: 'spam', mode: 'off' }],
    });
    expect(bad.statusCode).toBe(400);
    const saved = await api('PUT', 'notifications/settings', demo, {
      settings: [{ kind: 'signature', mode: 'off' }],
    });
    expect(saved.json().settings).toContainEqual({ kind: 'signature', mode: 'off' });
    // Another owner's settings stay as they were.
    expect((await api('GET', 'notifications/settings', lender)).json().settings).toContainEqual({
      kind: 'signature',
      mode: 'immediate',
    });

    await uploadForDemo('N-2');
    // Settled by the worker: the event is done without a mail.
    await expect
      .poll(
        async () =>
          (
            await t.ctx.database.db
              .selectFrom('notifications')
              .select('mail_status')
              .where('user_id', '=', DEMO)
              .where('params', '@>', JSON.stringify({ number: 'N-2' }) as never)
              .executeTakeFirst()
          )?.mail_status,
      )
      .toBe('done');
    expect((await listed(demo)).notifications[0]?.titleEn).toBe('A document awaits your signature: Act №N-2');
    expect(await mailsTo('demo@example.com', 'N-2')).toHaveLength(0);
    await api('PUT', 'notifications/settings', demo, {
      settings: [{ kind: 'signature', mode: 'immediate' }],
    });
  });

  it('unsubscribes a kind by the signed link of its mail without signing in; a forged link is 404', async () => {
    await uploadForDemo('N-3');
    const mail = await smtp.waitForMail('demo@example.com');
    const oneClick = /<http:\/\/portal\.test(\/api\/v1\/notifications\/unsubscribe\?[^>]+)>/.exec(
      mail.headers['list-unsubscribe'] ?? '',
    )?.[1];
    expect(oneClick).toBeDefined();
    const forged = (oneClick ?? '').replace(/t=[\w-]+/, 't=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.request({ method: 'POST', url: forged })).statusCode).toBe(404);
    // Another kind with this kind's signature is not signed either.
    expect(
      (await t.request({ method: 'POST', url: (oneClick ?? '').replace('k=signature', 'k=income') }))
        .statusCode,
    ).toBe(404);
    // As a mail client posts it (RFC 8058): a form body, no session.
    const done = await t.request({
      method: 'POST',
      url: oneClick ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ kind: 'signature', mode: 'off' });
    expect((await api('GET', 'notifications/settings', demo)).json().settings).toContainEqual({
      kind: 'signature',
      mode: 'off',
    });
    await api('PUT', 'notifications/settings', demo, {
      settings: [{ kind: 'signature', mode: 'immediate' }],
    });
  });

  it('gathers the kinds an owner chose so into one digest a day, claimed once', async () => {
    await t.worker.stop(); // the test settles and delivers by hand
    await api('PUT', 'notifications/settings', demo, { settings: [{ kind: 'signature', mode: 'digest' }] });
    await uploadForDemo('D-1');
    await uploadForDemo('D-2');
    await dispatchNotifications(t.ctx);
    expect(await mailsTo('demo@example.com', 'D-1')).toHaveLength(0);
    // Before the digest hour nothing goes; from it, one mail with both, however often and by however many it is run.
    const morning = new Date('2026-11-26T05:00:00Z'); // 08:00 in Moscow
    const day = new Date('2026-11-26T07:30:00Z'); // 10:30 in Moscow
    expect(await runDigests(t.ctx, morning)).toBe(0);
    const runs = await Promise.all([runDigests(t.ctx, day), runDigests(t.ctx, day)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await runDigests(t.ctx, day)).toBe(0);
    const digests = await mailsTo('demo@example.com', 'Your portal news of the day');
    expect(digests).toHaveLength(1);
    await deliverDueMessages(t.ctx, logger);
    const mail = await smtp.waitForMail('demo@example.com');
    expect(mail.subject).toBe('Your portal news of the day: 2');
    expect(mail.text).toContain('Act №D-1');
    expect(mail.text).toContain('Act №D-2');
    // Another event the same day waits for the next day's digest.
    await uploadForDemo('D-3');
    await dispatchNotifications(t.ctx);
    expect(await runDigests(t.ctx, day)).toBe(0);
    expect(await runDigests(t.ctx, new Date('2026-11-27T07:30:00Z'))).toBe(1);
    await api('PUT', 'notifications/settings', demo, {
      settings: [{ kind: 'signature', mode: 'immediate' }],
    });
  });

  it('lets staff make a statement again, in scope; owners get 403 and unknown owners 404', async () => {
    const body = { kind: 'month', period: 202610 };
    expect((await api('POST', `backoffice/owners/${DEMO}/statements`, demo, body)).statusCode).toBe(403);
    // The lender is another manager's client: 404 for this manager, made by the admin.
    expect((await api('POST', 'backoffice/owners/2/statements', manager, body)).statusCode).toBe(404);
    expect((await api('POST', 'backoffice/owners/999999/statements', admin, body)).statusCode).toBe(404);
    const future = await api('POST', `backoffice/owners/${INVESTOR}/statements`, admin, {
      kind: 'month',
      period: 202611,
    });
    expect(future.statusCode).toBe(400);
    expect(
      (
        await api('POST', `backoffice/owners/${INVESTOR}/statements`, admin, {
          kind: 'month',
          period: 202613,
        })
      ).statusCode,
    ).toBe(400);
    const lenderStatement = await api('POST', 'backoffice/owners/2/statements', admin, body);
    expect(lenderStatement.statusCode).toBe(200);
    const first = await api('POST', `backoffice/owners/${INVESTOR}/statements`, manager, body);
    expect(first.statusCode).toBe(200);
    const again = await api('POST', `backoffice/owners/${INVESTOR}/statements`, manager, body);
    // Made again: the same document takes the new file.
    expect(again.json().documentId).toBe(first.json().documentId);
  });

  it("files the investor's statement among the documents; its figures are the income page's for the month", async () => {
    const documents = (await api('GET', 'user-document/get-by-user', investor)).json();
    const statement = (documents.documents ?? documents).find(
      (doc: { category: { name: string }; description: string }) =>
        doc.category.name === 'Отчёты' && doc.description.includes('октябрь 2026'),
    );
    expect(statement).toBeDefined();
    const file = await t.request({
      method: 'GET',
      url: `/api/v1/download/document/${statement.uploadsId}`,
      token: investor,
    });
    expect(file.statusCode).toBe(200);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Выписка за октябрь 2026');
    const rub = (value: number) =>
      `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(value).replace(/[\u00a0\u202f]/g, ' ')} ₽`;
    let units = 0;
    for (const location of (await api('GET', 'users/locations', investor)).json().locations) {
      if (location.roleCode !== 'INVESTOR' || location.isPlaceholder) continue;
      expect(text).toContain(location.name);
      const month = (
        await api('GET', `investor-income/actives?location=${location.id}&yearMonth=202610`, investor)
      ).json();
      for (const unit of month.actives) {
        expect(text).toContain(`Доход за октябрь 2026 ${rub(unit.amount)}`);
        expect(text).toContain(unit.name);
        units += 1;
      }
      const period = (
        await api(
          'GET',
          `investor-income?location=${location.id}&yearMonthFrom=202610&yearMonthTo=202610`,
          investor,
        )
      ).json();
      expect(text).toContain(rub(period.periodIncome));
    }
    expect(units).toBeGreaterThan(1);
    // The owner was told, in the list and by mail.
    expect((await listed(investor)).notifications.find((n) => n.kind === 'statement')?.title).toBe(
      'Выписка за октябрь 2026 готова',
    );
    // Another owner cannot download it.
    const stranger = await t.request({
      method: 'GET',
      url: `/api/v1/download/document/${statement.uploadsId}`,
      token: demo,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("makes the month's statements on the company's day, once per owner whatever the number of runs", async () => {
    const before = new Date('2026-12-03T09:00:00Z');
    expect(await runStatements(t.ctx, logger, before)).toBe(0);
    const settings = await api('GET', 'company-settings');
    expect(settings.json().statementDay).toBe(5);
    const payload = { ...settings.json(), statementDay: 3 };
    expect((await api('PUT', 'backoffice/company-settings', manager, payload)).statusCode).toBe(403);
    expect(
      (await api('PUT', 'backoffice/company-settings', admin, { ...payload, statementDay: 31 })).statusCode,
    ).toBe(400);
    expect((await api('PUT', 'backoffice/company-settings', admin, payload)).statusCode).toBe(200);
    const runs = await Promise.all([
      runStatements(t.ctx, logger, before),
      runStatements(t.ctx, logger, before),
    ]);
    const made = runs[0] + runs[1];
    expect(made).toBeGreaterThan(0);
    expect(await runStatements(t.ctx, logger, before)).toBe(0);
    const rows = await t.ctx.database.db
      .selectFrom('owner_statements')
      .select(['user_id'])
      .where('kind', '=', 'month')
      .where('period', '=', 202611)
      .execute();
    expect(rows).toHaveLength(made);
    expect(new Set(rows.map((row) => row.user_id)).size).toBe(made);
    // A statement made already is not made by the schedule again.
    expect(await makeStatement(t.ctx, INVESTOR, 'month', 202611)).toBeNull();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('owner notifications across two instances', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    a = await startTestApp({ SMTP_URL: smtp.url });
    b = await startTestApp(
      { SMTP_URL: smtp.url, JWT_SECRET: a.ctx.config.jwtSecret },
      { databaseUrl: a.ctx.config.databaseUrl ?? '' },
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
  });

  it('mails each event once while both workers run, and makes each statement once', async () => {
    const manager = await a.signIn('manager@example.com');
    const uploads = [];
    for (const number of ['X-1', 'X-2', 'X-3']) {
      uploads.push(
        a.request({
          method: 'POST',
          url: `/api/v1/backoffice/owners/${DEMO}/documents`,
          token: manager,
          ...form(
            { categoryId: '2', locationId: '1', number, statusId: '1' },
            { data: await simplePdf('Act', ['To sign']), name: `${number}.pdf` },
          ),
        }),
      );
    }
    for (const response of await Promise.all(uploads)) expect(response.statusCode).toBe(200);
    for (const _ of [1, 2, 3]) await smtp.waitForMail('demo@example.com');
    // Both instances settle and deliver again: no event is mailed twice.
    await Promise.all([a.worker.stop(), b.worker.stop()]);
    const logger = pino({ level: 'silent' });
    await Promise.all([deliverDueMessages(a.ctx, logger), deliverDueMessages(b.ctx, logger)]);
    const rows = await a.ctx.database.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', 'demo@example.com')
      .where('subject', 'like', '%X-%')
      .execute();
    expect(rows.map((row) => row.subject).sort()).toEqual([
      'Документ ждёт вашей подписи: Акт №X-1',
      'Документ ждёт вашей подписи: Акт №X-2',
      'Документ ждёт вашей подписи: Акт №X-3',
    ]);
    expect(smtp.received.filter((mail) => mail.subject.includes('X-'))).toHaveLength(0);

    const at = new Date('2026-11-26T09:00:00Z');
    const made = await Promise.all([runStatements(a.ctx, logger, at), runStatements(b.ctx, logger, at)]);
    const statements = await a.ctx.database.db
      .selectFrom('owner_statements')
      .select('user_id')
      .where('period', '=', 202610)
      .execute();
    expect(made[0] + made[1]).toBe(statements.length);
    expect(new Set(statements.map((row) => row.user_id)).size).toBe(statements.length);
  });
});
