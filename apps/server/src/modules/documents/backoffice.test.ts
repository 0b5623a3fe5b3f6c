import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { simplePdf } from './pdf.ts';

function form(fields: Record<string, string>, file?: { data: Buffer; name: string }) {
  const boundary = '----portal-staff-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('back-office documents', () => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let investor: string;
  beforeAll(async () => {
    t = await startTestApp();
    [manager, admin, investor] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn('investor@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  const upload = (token: string, ownerId: number, body: ReturnType<typeof form>) =>
    t.request({ method: 'POST', url: `/api/v1/backoffice/owners/${ownerId}/documents`, token, ...body });

  it('uploads a PDF for the demo owner: needSign turns on, the owner downloads it, and the audit log has it', async () => {
    const demo = await t.signIn('demo@example.com');
    expect((await get('users/data-profile', demo)).json().needSign).toBe(false);
    const pdf = await simplePdf('Act', ['For signature']);
    const response = await upload(
      manager,
      1223,
      form(
        {
          categoryId: '2',
          locationId: '1',
          number: 'А-77',
          description: 'Акт <script>alert(1)</script><b>к подписи</b>',
        },
        { data: pdf, name: 'Акт к подписи.pdf' },
      ),
    );
    expect(response.statusCode).toBe(200);
    const { documentId } = response.json();
    expect((await get('users/data-profile', demo)).json().needSign).toBe(true);
    const docs = (await get('user-document/get-by-user', demo)).json().documents;
    const doc = docs.find((d: { id: number }) => d.id === documentId);
    expect(doc).toMatchObject({
      status: { id: 1 },
      name: 'Акт к подписи.pdf',
      description: 'Акт <b>к подписи</b>',
    });
    const file = await get(`download/document/${doc.uploadsId}`, demo);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const audit = (await get('backoffice/audit', manager)).json();
    expect(JSON.stringify(audit)).toContain('owner.document.add');

    // The owner signs; the console lists the signed copy and the staff download gives it.
    const signed = await simplePdf('Signed', ['signed']);
    const boundary = form({}, { data: signed, name: 'signed.pdf' });
    const reupload = await t.request({
      method: 'POST',
      url: `/api/v1/user-document/reupload?uploadsId=${doc.uploadsId}`,
      token: demo,
      ...boundary,
    });
    expect(reupload.json().needSign).toBe(false);
    const list = (await get('backoffice/owners/1223/documents', manager)).json().documents;
    const listed = list.find((d: { id: number }) => d.id === documentId);
    expect(listed.status.id).toBe(13);
    const copy = await get(`backoffice/documents/download/${listed.signedUploadsId}`, manager);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    expect(copy.rawPayload.equals(signed)).toBe(true);
  });

  it('refuses owners, other managers’ clients, bad fields, non-PDFs and units of another owner', async () => {
    const pdf = await simplePdf('Act', ['x']);
    const good = { categoryId: '2', locationId: '1' };
    expect((await upload(investor, 1, form(good, { data: pdf, name: 'a.pdf' }))).statusCode).toBe(403);
    expect((await get('backoffice/owners/1/documents', investor)).statusCode).toBe(403);
    // The lender is served by another manager: 404 for this manager, visible to the admin.
    expect((await get('backoffice/owners/2/documents', manager)).statusCode).toBe(404);
    expect((await get('backoffice/owners/2/documents', admin)).statusCode).toBe(200);
    expect(
      (await upload(manager, 1, form({ locationId: '1' }, { data: pdf, name: 'a.pdf' }))).statusCode,
    ).toBe(400);
    expect(
      (await upload(manager, 1, form({ ...good, statusId: '7' }, { data: pdf, name: 'a.pdf' }))).statusCode,
    ).toBe(400);
    expect((await upload(manager, 1, form(good))).statusCode).toBe(400);
    const notPdf = await upload(
      manager,
      1,
      form(good, { data: Buffer.from('hello world, not a pdf'), name: 'a.pdf' }),
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.message).toBe('Загрузите документ в формате PDF');
    // Unit 1 belongs to the demo profile, not to the investor.
    const foreignUnit = await upload(
      manager,
      1,
      form({ ...good, unitId: '1' }, { data: pdf, name: 'a.pdf' }),
    );
    expect(foreignUnit.statusCode).toBe(400);
    expect((await get('backoffice/documents/download/999999', manager)).statusCode).toBe(404);
  });
});
