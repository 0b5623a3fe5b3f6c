import { DOCUMENT_MAX_BYTES } from '@portal/contract/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { simplePdf } from './pdf.ts';

type Doc = {
  id: number;
  kind: string;
  status: { id: number; name: string };
  uploadsId: number | null;
  signedUploadsId: number | null;
  name: string;
  description: string;
  category: { id: number };
  location: { id: number } | null;
  unit: { id: number; name: string } | null;
  diadocUrl: string | null;
};

/** A multipart/form-data body with one file part. */
function multipart(data: Buffer, filename: string, type = 'application/pdf') {
  const boundary = '----portal-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('document calls', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let investor: string;
  let lender: string;
  let both: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    [investor, lender, both] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('both@example.com'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });
  const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  const docsOf = async (token: string): Promise<Doc[]> =>
    (await get('user-document/get-by-user', token)).json().documents;
  const reupload = (token: string, uploadsId: number, file: ReturnType<typeof multipart>) =>
    t.request({
      method: 'POST',
      url: `/api/v1/user-document/reupload?uploadsId=${uploadsId}`,
      token,
      ...file,
    });

  it("lists the user's own documents in every status, newest first, with files and sanitized descriptions", async () => {
    const docs = await docsOf(investor);
    expect(new Set(docs.map((d) => d.status.id))).toEqual(new Set([1, 13, 3, 2, -1]));
    expect(docs.every((d) => d.kind === 'user' && d.uploadsId !== null && d.name.endsWith('.pdf'))).toBe(
      true,
    );
    const dates = docs.map((d) => (d as unknown as { date: string }).date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(docs.find((d) => d.status.id === 1)?.status.name).toBe('Требует подписи');
    expect(docs.some((d) => d.description.includes('<b>'))).toBe(true);
    expect(docs.some((d) => d.unit !== null)).toBe(true);
    const lenderDocs = await docsOf(lender);
    expect(lenderDocs.length).toBeGreaterThan(0);
    expect(lenderDocs.every((d) => d.unit === null)).toBe(true);
    expect(lenderDocs.map((d) => d.id)).not.toContain(docs[0]?.id);
    const diadoc = (await docsOf(both)).find((d) => d.status.id === 1);
    expect(diadoc?.diadocUrl).toMatch(/^https:\/\/diadoc\.kontur\.ru\//);
    expect((await get('users/data-profile', both)).json().useDiadoc).toBe(true);
  });

  it("gives the categories with the spec's ids and the documents of the user's locations", async () => {
    const { categories } = (await get('document-category', investor)).json();
    expect(categories.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b)).toEqual([
      1, 2, 15, 34534, 372381, 372382, 372390, 372391, 630158,
    ]);
    const investorLocations = (await get('location-document/get-all', investor)).json().documents as Doc[];
    expect(new Set(investorLocations.map((d) => d.location?.id))).toEqual(new Set([1, 2, 3, 7]));
    expect(investorLocations.every((d) => d.kind === 'location')).toBe(true);
    const lenderLocations = (await get('location-document/get-all', lender)).json().documents as Doc[];
    expect(new Set(lenderLocations.map((d) => d.location?.id))).toEqual(new Set([1, 2]));
    expect((await t.request({ method: 'GET', url: '/api/v1/user-document/get-by-user' })).statusCode).toBe(
      401,
    );
  });

  it('downloads a PDF with its headers, and answers 404 for files of another user', async () => {
    const doc = (await docsOf(investor)).find((d) => d.status.id === 3);
    const response = await get(`download/document/${doc?.uploadsId}`, investor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.pdf"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(doc?.name);
    expect(doc?.name).toMatch(/[а-я]/i);

    expect((await get(`download/document/${doc?.uploadsId}`, lender)).statusCode).toBe(404);
    expect((await get('download/document/999999', investor)).statusCode).toBe(404);
    expect((await get('download/document/abc', investor)).statusCode).toBe(400);
    // A document of one of the user's locations downloads; one of another location does not.
    const location7 = ((await get('location-document/get-all', investor)).json().documents as Doc[]).find(
      (d) => d.location?.id === 7,
    );
    expect((await get(`download/document/${location7?.uploadsId}`, investor)).statusCode).toBe(200);
    expect((await get(`download/document/${location7?.uploadsId}`, lender)).statusCode).toBe(404);
  });

  it('refuses signed copies that are not PDFs, too big, of another user or not awaiting a signature', async () => {
    const docs = await docsOf(investor);
    const toSign = docs.find((d) => d.status.id === 1);
    const signed = docs.find((d) => d.status.id === 3);
    if (!toSign?.uploadsId || !signed?.uploadsId) throw new Error('demo data lacks documents');
    const pdf = await simplePdf('Signed', ['signature']);

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notPdf = await reupload(investor, toSign.uploadsId, multipart(png, 'fake.pdf'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.message).toBe('Загрузите документ в формате PDF');

    const huge = Buffer.concat([pdf, Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const tooBig = await reupload(investor, toSign.uploadsId, multipart(huge, 'big.pdf'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('Размер файла не должен превышать 10 МБ');

    expect((await reupload(lender, toSign.uploadsId, multipart(pdf, 'x.pdf'))).statusCode).toBe(404);
    expect((await reupload(investor, signed.uploadsId, multipart(pdf, 'x.pdf'))).statusCode).toBe(400);
    const noFile = await t.request({
      method: 'POST',
      url: `/api/v1/user-document/reupload?uploadsId=${toSign.uploadsId}`,
      token: investor,
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    // Nothing changed.
    expect((await docsOf(investor)).find((d) => d.id === toSign.id)?.status.id).toBe(1);
  });

  it('takes the signed PDF: the document moves on and needSign turns false when nothing is left to sign', async () => {
    expect((await get('users/data-profile', investor)).json().needSign).toBe(true);
    const toSign = (await docsOf(investor)).find((d) => d.status.id === 1);
    if (!toSign?.uploadsId) throw new Error('no document to sign');
    // A scan of a few megabytes passes: above the JSON body limit, below the 10 MB of a document.
    const pdf = Buffer.concat([
      await simplePdf('Signed act', ['Signed by the investor']),
      Buffer.alloc(3 * 1024 * 1024, 10),
    ]);
    const response = await reupload(investor, toSign.uploadsId, multipart(pdf, 'Акт подписанный.pdf'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      needSign: false,
      document: { id: toSign.id, status: { id: 13 } },
    });
    expect((await get('users/data-profile', investor)).json().needSign).toBe(false);
    const after = (await docsOf(investor)).find((d) => d.id === toSign.id);
    expect(after?.status.id).toBe(13);
    const copy = await get(`download/document/${after?.signedUploadsId}`, investor);
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(pdf)).toBe(true);
    expect(
      decodeURIComponent(
        /filename\*=UTF-8''(.+)$/.exec(String(copy.headers['content-disposition']))?.[1] ?? '',
      ),
    ).toBe('Акт подписанный.pdf');
    // A second upload of the same document is refused: it no longer waits for the signature.
    expect((await reupload(investor, toSign.uploadsId, multipart(pdf, 'again.pdf'))).statusCode).toBe(400);
  });

  it('stores a document request for the manager and mails the manager; a category is required', async () => {
    const post = (payload: object) =>
      t.request({
        method: 'POST',
        url: '/api/v1/user-document/send-document-request',
        token: lender,
        payload,
      });
    const missing = await post({ comment: 'Без категории' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Выберите категорию документа');
    expect((await post({ category: 424242 })).statusCode).toBe(400);
    const sent = await post({ category: 372382, comment: 'Справка для налоговой за 2025 год' });
    expect(sent.statusCode).toBe(200);
    const { requestId } = sent.json();
    const row = await t.ctx.database.db
      .selectFrom('requests')
      .select(['kind', 'user_id', 'payload'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'document', user_id: 2 });
    expect(row.payload).toMatchObject({ categoryId: 372382, comment: 'Справка для налоговой за 2025 год' });
    const mail = await smtp.waitForMail('sokolov@example.com');
    expect(mail.subject).toContain('Запрос документа');
    expect(mail.text).toContain('Справка для налоговой за 2025 год');
    expect(mail.text).toContain('Справка');
  });
});
