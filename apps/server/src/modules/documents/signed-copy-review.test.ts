import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { simplePdf } from './pdf.ts';

type Doc = {
  id: number;
  uploadsId: number;
  status: { id: number; name: string };
  returnComment: string | null;
};

/** A multipart/form-data body of text fields and one PDF. */
function form(fields: Record<string, string>, file: { data: Buffer; name: string }) {
  const boundary = '----portal-review-boundary';
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

/**
 * The loop of a signed copy: the owner's upload reaches the manager's inbox and mail, the manager marks it signed
 * or returns it with a comment, and the owner reads the outcome on the documents page.
 */
describe("the manager's review of a signed copy", () => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let owner: string;
  let investor: string;
  let managerEmail: string;
  /** The demo owner, a client of manager@example.com. */
  const OWNER_ID = 1223;

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.ctx.database.db;
    // The manager reads the console in English: the mail about a signed copy comes in English.
    const managerRow = await db
      .selectFrom('users')
      .innerJoin('managers', 'managers.user_id', 'users.id')
      .select(['users.id', 'managers.email'])
      .where('users.email', '=', 'manager@example.com')
      .executeTakeFirstOrThrow();
    managerEmail = managerRow.email;
    await db.updateTable('users').set({ locale: 'en' }).where('id', '=', managerRow.id).execute();
    [manager, admin, owner, investor] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn('demo@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  const review = (token: string, documentId: number, payload: object) =>
    t.request({ method: 'POST', url: `/api/v1/backoffice/documents/${documentId}/review`, token, payload });
  const ownerDoc = async (documentId: number): Promise<Doc | undefined> =>
    ((await get('user-document/get-by-user', owner)).json().documents as Doc[]).find(
      (d) => d.id === documentId,
    );
  const signedCopy = async (uploadsId: number) =>
    t.request({
      method: 'POST',
      url: `/api/v1/user-document/reupload?uploadsId=${uploadsId}`,
      token: owner,
      ...form({}, { data: await simplePdf('Signed', ['signed']), name: 'signed.pdf' }),
    });
  const inboxItems = async (documentId: number) => {
    const { items } = (await get('backoffice/requests?kind=signed_document&pageSize=100', manager)).json();
    return (items as Array<{ status: string; payload: { documentId: number } }>).filter(
      (item) => item.payload.documentId === documentId,
    );
  };
  const mailsToManager = () =>
    t.ctx.database.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', managerEmail)
      .where('subject', 'like', 'Signed document to review%')
      .execute();

  it('puts the copy in the inbox with one mail; returned with a comment, signed again, then «Подписан»', async () => {
    const created = await t.request({
      method: 'POST',
      url: `/api/v1/backoffice/owners/${OWNER_ID}/documents`,
      token: manager,
      ...form(
        { categoryId: '2', locationId: '1', number: 'R-1' },
        { data: await simplePdf('Act', ['To sign']), name: 'act.pdf' },
      ),
    });
    expect(created.statusCode).toBe(200);
    const { documentId } = created.json();
    const doc = await ownerDoc(documentId);
    if (!doc) throw new Error('the owner does not see the document');
    expect(doc).toMatchObject({ status: { id: 1 }, returnComment: null });

    expect((await signedCopy(doc.uploadsId)).statusCode).toBe(200);
    expect(await inboxItems(documentId)).toMatchObject([{ status: 'new' }]);
    const firstMails = await mailsToManager();
    expect(firstMails).toHaveLength(1);
    expect(firstMails[0]?.body).toContain(`/backoffice/owners/${OWNER_ID}`);

    // Only a staff member decides, and only on a copy that waits; a return needs words for the owner.
    expect((await review(owner, documentId, { decision: 'signed' })).statusCode).toBe(403);
    const bare = await review(manager, documentId, { decision: 'returned' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe('Напишите, что исправить, — клиент увидит комментарий');
    // The inbox's own «Выполнить» does not decide on a document.
    const [item] = (await get('backoffice/requests?kind=signed_document&pageSize=100', manager)).json().items;
    const generic = await t.request({
      method: 'PATCH',
      url: `/api/v1/backoffice/requests/${item.id}`,
      token: manager,
      payload: { status: 'done', comment: 'ok' },
    });
    expect(generic.statusCode).toBe(400);

    const returned = await review(manager, documentId, {
      decision: 'returned',
      comment: 'Нет подписи на второй странице',
    });
    expect(returned.statusCode).toBe(200);
    expect(await ownerDoc(documentId)).toMatchObject({
      status: { id: 1, name: 'Требует подписи' },
      returnComment: 'Нет подписи на второй странице',
    });
    expect((await get('users/data-profile', owner)).json().needSign).toBe(true);
    expect(await inboxItems(documentId)).toMatchObject([{ status: 'done' }]);
    // Returned, the copy no longer waits for a decision.
    expect((await review(manager, documentId, { decision: 'signed' })).statusCode).toBe(400);

    // Signed again: the comment is gone, a new inbox item and a second mail.
    expect((await signedCopy(doc.uploadsId)).statusCode).toBe(200);
    expect(await ownerDoc(documentId)).toMatchObject({ status: { id: 13 }, returnComment: null });
    expect((await inboxItems(documentId)).map((i) => i.status)).toEqual(['new', 'done']);
    expect(await mailsToManager()).toHaveLength(2);

    expect((await review(manager, documentId, { decision: 'signed' })).statusCode).toBe(200);
    expect(await ownerDoc(documentId)).toMatchObject({
      status: { id: 3, name: 'Подписан' },
      returnComment: null,
    });
    expect((await inboxItems(documentId)).map((i) => i.status)).toEqual(['done', 'done']);
    expect((await review(manager, documentId, { decision: 'signed' })).statusCode).toBe(400);
    const audit = JSON.stringify((await get('backoffice/audit', manager)).json());
    expect(audit).toContain('owner.document.returned');
    expect(audit).toContain('owner.document.signed');
  });

  it("answers 404 for another manager's client and for an unknown document; the admin decides for any", async () => {
    const db = t.ctx.database.db;
    // The lender (user 2) is served by another manager.
    const lenderDoc = await db
      .selectFrom('documents')
      .select('id')
      .where('user_id', '=', 2)
      .executeTakeFirstOrThrow();
    await db.updateTable('documents').set({ status_id: 13 }).where('id', '=', lenderDoc.id).execute();
    expect((await review(manager, lenderDoc.id, { decision: 'signed' })).statusCode).toBe(404);
    expect((await review(manager, 999999, { decision: 'signed' })).statusCode).toBe(404);
    expect((await review(investor, lenderDoc.id, { decision: 'signed' })).statusCode).toBe(403);
    // Without a signed copy there is nothing to decide on, even for the admin.
    const noCopy = await review(admin, lenderDoc.id, { decision: 'signed' });
    expect(noCopy.statusCode).toBe(400);
  });
});
