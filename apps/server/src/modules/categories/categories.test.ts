import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_PDF, uploadForm } from '../../test/upload-form.ts';

describe('back-office document and income-expense categories', () => {
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
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    body?: object,
    locale = 'ru',
  ) =>
    t.request({
      method,
      url: `/api/v1/${url}`,
      token,
      headers: { cookie: `cookieLocale=${locale}` },
      ...(body ? { payload: body } : {}),
    });
  const documentCategories = async (token = manager) =>
    (await call('GET', 'backoffice/categories/documents', token)).json().items as {
      id: number;
      name: string;
      nameEn: string;
      archived: boolean;
      useCount: number;
    }[];
  const outcomeCategories = async (token = manager) =>
    (await call('GET', 'backoffice/categories/income-expense', token)).json().items as {
      id: number;
      name: string;
      direction: string;
      archived: boolean;
      useCount: number;
    }[];
  const audit = async () =>
    t.ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'details'])
      .where('action', 'like', 'categories.%')
      .orderBy('id')
      .execute();

  it('answers 403 to owners for every call and 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', 'backoffice/categories/documents'],
      ['POST', 'backoffice/categories/documents'],
      ['PUT', 'backoffice/categories/documents/1'],
      ['PUT', 'backoffice/categories/documents/1/archived'],
      ['DELETE', 'backoffice/categories/documents/1'],
      ['GET', 'backoffice/categories/income-expense'],
      ['POST', 'backoffice/categories/income-expense'],
      ['PUT', 'backoffice/categories/income-expense/1'],
      ['PUT', 'backoffice/categories/income-expense/1/archived'],
      ['DELETE', 'backoffice/categories/income-expense/1'],
    ] as const) {
      const response = await call(method, url, investor, method === 'GET' ? undefined : { name: 'x' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', 'backoffice/categories/documents', '')).statusCode).toBe(401);
  });

  it('lists the categories with what carries them', async () => {
    const documents = await documentCategories(admin);
    expect(documents.find((c) => c.id === 1)).toMatchObject({
      name: 'Договор',
      nameEn: 'Contract',
      archived: false,
    });
    expect(documents.find((c) => c.id === 1)?.useCount).toBeGreaterThan(0);
    const outcomes = await outcomeCategories(manager);
    expect(outcomes.find((c) => c.id === 1)).toMatchObject({ name: 'Проживание', direction: 'income' });
    const directions = outcomes.map((c) => c.direction);
    expect(directions.indexOf('expense')).toBe(directions.lastIndexOf('income') + 1);
  });

  it('refuses bad input with 400 in the user language and changes nothing', async () => {
    const before = await documentCategories();
    const empty = await call('POST', 'backoffice/categories/documents', admin, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Обязательное поле');
    const direction = await call(
      'POST',
      'backoffice/categories/income-expense',
      manager,
      { name: 'Прочее', direction: 'sideways' },
      'en',
    );
    expect(direction.statusCode).toBe(400);
    expect(direction.json().error.message).toBe('Invalid value');
    const taken = await call('POST', 'backoffice/categories/documents', manager, {
      id: 2,
      name: 'Новый акт',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toBe('Категория с таким номером уже есть');
    const sameName = await call('POST', 'backoffice/categories/documents', manager, { name: 'Акт' }, 'en');
    expect(sameName.json().error.message).toBe('This name is already in the list');
    const tooBig = await call('PUT', 'backoffice/categories/documents/4294967296', admin, { name: 'X' });
    expect(tooBig.statusCode).toBe(400);
    expect(
      (await call('PUT', 'backoffice/categories/documents/999999', admin, { name: 'X' })).statusCode,
    ).toBe(404);
    expect(await documentCategories()).toEqual(before);
  });

  it('lets the admin and a manager create and rename a document category, audited before and after', async () => {
    const created = await call('POST', 'backoffice/categories/documents', admin, {
      name: 'Протокол собрания',
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect(id).toBeGreaterThan(630158);
    expect((await documentCategories()).find((c) => c.id === id)).toMatchObject({
      name: 'Протокол собрания',
      nameEn: 'Протокол собрания',
      archived: false,
      useCount: 0,
    });
    const renamed = await call('PUT', `backoffice/categories/documents/${id}`, manager, {
      name: 'Протокол',
      nameEn: 'Minutes',
    });
    expect(renamed.statusCode).toBe(200);
    const offered = (await call('GET', 'document-category', investor)).json().categories;
    expect(offered).toContainEqual({ id, name: 'Протокол', nameEn: 'Minutes' });
    const withId = await call('POST', 'backoffice/categories/documents', manager, { id: 77, name: 'Опись' });
    expect(withId.json()).toEqual({ id: 77 });
    expect(await audit()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'categories.document.update',
          entity_id: String(id),
          details: {
            name: 'Протокол',
            changes: {
              name: { from: 'Протокол собрания', to: 'Протокол' },
              nameEn: { from: 'Протокол собрания', to: 'Minutes' },
            },
          },
        }),
      ]),
    );
    // Nothing carries it yet: it may be deleted.
    expect((await call('DELETE', 'backoffice/categories/documents/77', admin)).statusCode).toBe(200);
    expect((await documentCategories()).some((c) => c.id === 77)).toBe(false);
  });

  it('hides an archived document category from the request list and the upload, and keeps its documents', async () => {
    const offered = async () =>
      ((await call('GET', 'document-category', investor)).json().categories as { id: number }[]).map(
        (c) => c.id,
      );
    expect(await offered()).toContain(1);
    const inUse = await call('DELETE', 'backoffice/categories/documents/1', manager);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe('Категорию уже используют: уберите её в архив');

    const archived = await call('PUT', 'backoffice/categories/documents/1/archived', manager, {
      archived: true,
    });
    expect(archived.statusCode).toBe(200);
    expect(await offered()).not.toContain(1);
    expect((await documentCategories()).find((c) => c.id === 1)).toMatchObject({ archived: true });
    const request = await call('POST', 'user-document/send-document-request', investor, { category: 1 });
    expect(request.statusCode).toBe(400);
    const upload = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/owners/1223/documents',
      token: manager,
      ...uploadForm(
        { data: TEST_PDF, name: 'Договор.pdf', type: 'application/pdf' },
        { categoryId: '1', locationId: '1' },
      ),
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().error.fields).toHaveProperty('categoryId');
    const documents = (await call('GET', 'user-document/get-by-user', investor)).json().documents as {
      category: { id: number; name: string };
    }[];
    expect(documents.some((d) => d.category.id === 1 && d.category.name === 'Договор')).toBe(true);

    expect(
      (await call('PUT', 'backoffice/categories/documents/1/archived', admin, { archived: false }))
        .statusCode,
    ).toBe(200);
    expect(await offered()).toContain(1);
    expect((await audit()).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['categories.document.archive', 'categories.document.restore']),
    );
  });

  it('lets staff keep income-expense categories that the outcomes import accepts', async () => {
    const created = await call('POST', 'backoffice/categories/income-expense', manager, {
      name: 'Аренда конференц-зала',
      nameEn: 'Conference hall rental',
      direction: 'income',
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const imported = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/outcomes',
      token: admin,
      headers: { 'content-type': 'application/json', 'x-file-name': 'bank.json' },
      payload: JSON.stringify([
        {
          externalId: 'bank-hall-1',
          locationId: 1,
          part: 'main',
          date: '2031-05-04',
          categoryId: id,
          article: 'Конференция',
          amount: 25000,
        },
      ]),
    });
    expect(imported.json()).toMatchObject({ inserted: 1, applied: true });
    expect((await outcomeCategories()).find((c) => c.id === id)).toMatchObject({
      useCount: 1,
      archived: false,
    });

    // A wrong direction is corrected in place; the row goes with the category.
    const corrected = await call('PUT', `backoffice/categories/income-expense/${id}`, admin, {
      name: 'Аренда конференц-зала',
      nameEn: 'Conference hall rental',
      direction: 'expense',
    });
    expect(corrected.statusCode).toBe(200);
    expect((await outcomeCategories()).find((c) => c.id === id)).toMatchObject({ direction: 'expense' });
    expect((await call('DELETE', `backoffice/categories/income-expense/${id}`, manager)).statusCode).toBe(
      409,
    );
    const archived = await call('PUT', `backoffice/categories/income-expense/${id}/archived`, manager, {
      archived: true,
    });
    expect(archived.statusCode).toBe(200);
    const row = await t.ctx.database.db
      .selectFrom('outcome_rows')
      .select('category_id')
      .where('external_id', '=', 'bank-hall-1')
      .executeTakeFirst();
    expect(row).toEqual({ category_id: id });
    // An archived category takes no new rows from the import.
    const refused = await t.request({
      method: 'POST',
      url: '/api/v1/backoffice/import/outcomes',
      token: admin,
      headers: { 'content-type': 'application/json', 'x-file-name': 'bank.json' },
      payload: JSON.stringify([
        {
          externalId: 'bank-hall-2',
          locationId: 1,
          part: 'main',
          date: '2031-06-04',
          categoryId: id,
          article: 'Конференция',
          amount: 25000,
        },
      ]),
    });
    expect(refused.json()).toMatchObject({ applied: false });
    expect((await audit()).map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'categories.outcome.create',
        'categories.outcome.update',
        'categories.outcome.archive',
      ]),
    );
  });
});
