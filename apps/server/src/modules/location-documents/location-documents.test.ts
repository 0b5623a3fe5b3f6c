import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_PDF, uploadForm } from '../../test/upload-form.ts';

type Listed = { id: number };

describe('back-office location documents', () => {
  let t: TestApp;
  let manager: string;
  let admin: string;
  let investor: string;
  let lender: string;
  // A location the investor holds units in (the demo's), and one it does not read.
  const ownLocation = 1;
  let elsewhere: number;
  beforeAll(async () => {
    t = await startTestApp();
    [manager, admin, investor, lender] = await Promise.all([
      t.signIn('manager@example.com'),
      t.signIn('admin@example.com'),
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
    ]);
    // The locations the investor reads: its units' and its loans'.
    const db = t.ctx.database.db;
    const { id: investorId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'investor@example.com')
      .executeTakeFirstOrThrow();
    const units = await db
      .selectFrom('units')
      .innerJoin('user_units', 'user_units.unit_id', 'units.id')
      .select('units.location_id')
      .where('user_units.user_id', '=', investorId)
      .execute();
    const loans = await db
      .selectFrom('loans')
      .select('location_id')
      .where('user_id', '=', investorId)
      .execute();
    const read = new Set([...units, ...loans].map((r) => Number(r.location_id)));
    expect(read.has(ownLocation)).toBe(true);
    // The demo's investor reads every demo location: a new one has no owner yet.
    const location = await db
      .insertInto('locations')
      .values({ id: 9001, name: 'Новая локация', name_en: 'New location', info: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(read.has(location.id)).toBe(false);
    elsewhere = location.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.request({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });
  const upload = (
    token: string,
    fields: Record<string, string>,
    file = { data: TEST_PDF, name: 'Разрешение.pdf', type: 'application/pdf' },
    language = 'ru',
  ) => {
    const form = uploadForm(file, fields);
    return t.request({
      method: 'POST',
      url: '/api/v1/backoffice/location-documents',
      token,
      payload: form.payload,
      headers: { ...form.headers, cookie: `cookieLocale=${language}` },
    });
  };
  const ownerSees = async (token: string, id: number) =>
    ((await call('GET', 'location-document/get-all', token)).json().documents as Array<{ id: number }>).some(
      (d) => d.id === id,
    );

  it('lets a manager upload a document the owners of that location read and download, and no one else', async () => {
    const response = await upload(manager, {
      locationId: String(ownLocation),
      categoryId: '2',
      number: 'РС-1',
      date: '2026-03-15',
      description: 'Разрешение <script>x()</script><b>на ввод</b>',
      descriptionEn: '',
    });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc).toMatchObject({
      locationId: ownLocation,
      categoryId: 2,
      number: 'РС-1',
      date: '2026-03-15',
      description: 'Разрешение <b>на ввод</b>',
      descriptionEn: 'Разрешение <b>на ввод</b>',
      fileName: 'Разрешение.pdf',
    });
    expect(await ownerSees(investor, doc.id)).toBe(true);
    const file = await call('GET', `download/document/${doc.uploadId}`, investor);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TEST_PDF)).toBe(true);
    const staffFile = await call('GET', `backoffice/location-documents/download/${doc.uploadId}`, admin);
    expect(staffFile.headers['content-type']).toBe('application/pdf');

    const other = (
      await upload(admin, { locationId: String(elsewhere), categoryId: '2', date: '2026-04-01' })
    ).json();
    expect(await ownerSees(investor, other.id)).toBe(false);
    expect((await call('GET', `download/document/${other.uploadId}`, investor)).statusCode).toBe(404);

    const listed = (
      await call('GET', `backoffice/location-documents?locationId=${elsewhere}`, manager)
    ).json().documents as Listed[];
    expect(listed.map((d) => d.id)).toEqual([other.id]);
    const audit = JSON.stringify((await call('GET', 'backoffice/audit', admin)).json());
    expect(audit).toContain('content.location-document.add');
  });

  it('edits the fields (audited before and after) and deletes a document with its file', async () => {
    const created = (
      await upload(admin, {
        locationId: String(ownLocation),
        categoryId: '2',
        number: 'A-1',
        date: '2026-01-10',
      })
    ).json();
    const edited = await call('PUT', `backoffice/location-documents/${created.id}`, manager, {
      locationId: elsewhere,
      categoryId: 2,
      number: 'A-2',
      date: '2026-02-11',
      description: 'Новое',
      descriptionEn: 'New',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      locationId: elsewhere,
      number: 'A-2',
      date: '2026-02-11',
      descriptionEn: 'New',
    });
    // Moved elsewhere: the investor no longer reads it.
    expect(await ownerSees(investor, created.id)).toBe(false);
    const entry = await t.ctx.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'content.location-document.update')
      .where('entity_id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({ changes: { number: { from: 'A-1', to: 'A-2' } } });

    const { storage_key: key } = await t.ctx.database.db
      .selectFrom('uploads')
      .select('storage_key')
      .where('id', '=', created.uploadId)
      .executeTakeFirstOrThrow();
    expect(await t.ctx.files.stat(key)).toBeTruthy();
    expect((await call('DELETE', `backoffice/location-documents/${created.id}`, manager)).statusCode).toBe(
      200,
    );
    expect(await t.ctx.files.stat(key)).toBeFalsy();
    expect((await call('DELETE', `backoffice/location-documents/${created.id}`, manager)).statusCode).toBe(
      404,
    );
    const uploadRow = await t.ctx.database.db
      .selectFrom('uploads')
      .select('id')
      .where('id', '=', created.uploadId)
      .executeTakeFirst();
    expect(uploadRow).toBeUndefined();
    expect(
      (await call('GET', `backoffice/location-documents/download/${created.uploadId}`, admin)).statusCode,
    ).toBe(404);
  });

  it('lets an admin edit and delete a document a manager uploaded', async () => {
    const created = (
      await upload(manager, { locationId: String(ownLocation), categoryId: '2', date: '2026-06-01' })
    ).json();
    const edited = await call('PUT', `backoffice/location-documents/${created.id}`, admin, {
      locationId: ownLocation,
      categoryId: 2,
      number: 'Б-7',
      date: '2026-06-02',
    });
    expect(edited.json()).toMatchObject({ number: 'Б-7', date: '2026-06-02', locationId: ownLocation });
    expect(await ownerSees(investor, created.id)).toBe(true);
    expect((await call('DELETE', `backoffice/location-documents/${created.id}`, admin)).statusCode).toBe(200);
    expect(await ownerSees(investor, created.id)).toBe(false);
    expect((await call('GET', `download/document/${created.uploadId}`, investor)).statusCode).toBe(404);
  });

  it('refuses owners, non-PDFs in the reader’s language, archived categories and bad fields', async () => {
    const good = { locationId: String(ownLocation), categoryId: '2', date: '2026-05-05' };
    const storedUploads = async () =>
      (
        await t.ctx.database.db
          .selectFrom('uploads')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await storedUploads());
    expect((await upload(investor, good)).statusCode).toBe(403);
    expect((await call('GET', 'backoffice/location-documents', investor)).statusCode).toBe(403);
    expect((await call('PUT', 'backoffice/location-documents/1', investor, { ...good })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', 'backoffice/location-documents/1', lender)).statusCode).toBe(403);

    const text = { data: Buffer.from('hello world, not a pdf'), name: 'a.pdf', type: 'application/pdf' };
    const ru = await upload(manager, good, text);
    expect(ru.statusCode).toBe(400);
    expect(ru.json().error.message).toBe('Загрузите документ в формате PDF');
    const en = await upload(manager, good, text, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().error.message).toBe('Upload a PDF document');

    const db = t.ctx.database.db;
    const archived = await db
      .insertInto('document_categories')
      .values({ id: 9001, name: 'Старая', name_en: 'Old', archived_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await upload(manager, { ...good, categoryId: String(archived.id) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('categoryId');
    // A document keeps a category archived after its upload when edited, but cannot move to one.
    const kept = (await upload(manager, good)).json();
    const toArchived = { locationId: ownLocation, categoryId: archived.id, date: '2026-05-06' };
    expect(
      (await call('PUT', `backoffice/location-documents/${kept.id}`, manager, toArchived)).statusCode,
    ).toBe(400);
    await db
      .updateTable('location_documents')
      .set({ category_id: archived.id })
      .where('id', '=', kept.id)
      .execute();
    const edited = await call('PUT', `backoffice/location-documents/${kept.id}`, manager, toArchived);
    expect(edited.json()).toMatchObject({ categoryId: archived.id, date: '2026-05-06' });
    expect((await upload(manager, { ...good, date: '15.03.2026' })).statusCode).toBe(400);
    expect((await upload(manager, { ...good, locationId: '999999' })).statusCode).toBe(400);
    // A refused upload leaves no row behind: the one added is the kept document's.
    expect(Number(await storedUploads())).toBe(before + 1);
  });

  const importCsv = (token: string, body: string, language = 'ru') =>
    t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/locationDocuments',
      token,
      headers: { 'content-type': 'text/csv', 'x-file-name': 'docs.csv', cookie: `cookieLocale=${language}` },
      payload: body,
    });
  const attach = (
    token: string,
    id: number,
    file = { data: TEST_PDF, name: 'Скан.pdf', type: 'application/pdf' },
  ) => {
    const form = uploadForm(file);
    return t.request({
      method: 'POST',
      url: `/api/v1/backoffice/location-documents/${id}/file`,
      token,
      payload: form.payload,
      headers: form.headers,
    });
  };

  it('imports the register by location, category and number; the PDF is attached after, and owners read it', async () => {
    const file =
      'locationId;categoryId;number;date;description;descriptionEn\n' +
      `${ownLocation};2;RU-77-01;15.02.2026;Разрешение на строительство;Building permit\n` +
      `${ownLocation};2;RU-77-02;2026-03-01;Технический паспорт;\n`;
    expect((await importCsv(manager, file)).json()).toMatchObject({
      applied: true,
      inserted: 2,
      rejected: 0,
    });
    // The same file again changes nothing; a changed description updates the same document.
    expect((await importCsv(manager, file)).json()).toMatchObject({ inserted: 0, updated: 0 });
    const changed = file.replace('Технический паспорт', 'Техпаспорт здания');
    expect((await importCsv(admin, changed)).json()).toMatchObject({ inserted: 0, updated: 1 });

    const listed = (
      await call('GET', `backoffice/location-documents?locationId=${ownLocation}`, manager)
    ).json().documents as Array<{
      id: number;
      number: string;
      uploadId: number | null;
      description: string;
      descriptionEn: string;
    }>;
    const permit = listed.find((d) => d.number === 'RU-77-01');
    const passport = listed.find((d) => d.number === 'RU-77-02');
    expect(permit).toMatchObject({
      uploadId: null,
      description: 'Разрешение на строительство',
      descriptionEn: 'Building permit',
    });
    expect(passport).toMatchObject({ description: 'Техпаспорт здания', descriptionEn: 'Техпаспорт здания' });
    expect(await ownerSees(investor, permit?.id ?? 0)).toBe(true);

    // The export is the same file a company fixes and loads again.
    const exported = await call('GET', 'backoffice/import/locationDocuments/export', admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('RU-77-01');
    const again = (await importCsv(admin, exported.body)).json();
    expect(again).toMatchObject({
      applied: true,
      inserted: 0,
      updated: 0,
    });

    // Attaching the PDF, then replacing it: the old file leaves the store, the owner downloads the new one.
    const attached = await attach(manager, permit?.id ?? 0);
    expect(attached.statusCode).toBe(200);
    const firstUpload = attached.json().uploadId as number;
    expect(attached.json()).toMatchObject({ fileName: 'Скан.pdf' });
    const replaced = (
      await attach(admin, permit?.id ?? 0, { data: TEST_PDF, name: 'Скан 2.pdf', type: 'application/pdf' })
    ).json();
    expect(replaced.uploadId).not.toBe(firstUpload);
    const gone = await t.ctx.database.db
      .selectFrom('uploads')
      .select('id')
      .where('id', '=', firstUpload)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    const download = await call('GET', `download/document/${replaced.uploadId}`, investor);
    expect(download.statusCode).toBe(200);
    const audit = await t.ctx.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'content.location-document.file')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).toContain(String(firstUpload));
  });

  it('refuses an import row of an unknown category or location with where to find the ids, and a file of an owner', async () => {
    const file = `locationId;categoryId;number;date\n${ownLocation};987654;X-1;01.02.2026\n999999;2;X-2;01.02.2026\n`;
    const report = (await importCsv(manager, file)).json();
    expect(report).toMatchObject({ applied: false, rejected: 2 });
    expect(report.problems.map((p: { field: string }) => p.field)).toEqual(['categoryId', 'locationId']);
    // A row names a document by id, or a new one by its number.
    const noKey = (
      await importCsv(manager, `locationId;categoryId;number;date\n${ownLocation};2;;01.02.2026\n`)
    ).json();
    expect(noKey.problems[0]).toMatchObject({ field: 'number' });
    expect(noKey.problems[0].message).toContain('номер документа');
    const unknownId = (
      await importCsv(manager, `id;locationId;categoryId;date\n987654;${ownLocation};2;01.02.2026\n`)
    ).json();
    expect(unknownId.problems[0]).toMatchObject({ field: 'id' });
    expect(report.problems[0].message).toContain('Каталог → Категории');
    expect((await importCsv(investor, file)).statusCode).toBe(403);
    expect((await attach(investor, 1)).statusCode).toBe(403);
    expect((await attach(manager, 987654)).statusCode).toBe(404);
    const notPdf = await attach(manager, 1, {
      data: Buffer.from('not a pdf'),
      name: 'a.pdf',
      type: 'application/pdf',
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.message).toBe('Загрузите документ в формате PDF');
  });
});
