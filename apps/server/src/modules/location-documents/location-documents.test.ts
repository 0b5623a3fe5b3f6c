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
});
