import type { DocumentCategoryItem, OutcomeCategoryItem } from '@portal/contract/backoffice-categories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CatalogueCategoriesPage } from './categories-page';

const DOCUMENTS: DocumentCategoryItem[] = [
  { id: 2, name: 'Акт', nameEn: 'Act', archived: false, useCount: 3 },
  { id: 77, name: 'Опись', nameEn: 'Опись', archived: false, useCount: 0 },
];
const OUTCOMES: OutcomeCategoryItem[] = [
  { id: 1, name: 'Проживание', nameEn: 'Accommodation', direction: 'income', archived: false, useCount: 39 },
];

/** The two lists answer from what the test holds; archiving marks the category in it. */
function stubApi() {
  const documents = structuredClone(DOCUMENTS);
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const json = (value: unknown) =>
      new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
    const archived = /\/backoffice\/categories\/documents\/(\d+)\/archived$/.exec(url);
    if (archived && method === 'PUT') {
      const item = documents.find((d) => d.id === Number(archived[1]));
      if (item) item.archived = body.archived;
      return json({ id: Number(archived[1]) });
    }
    if (url.endsWith('/backoffice/categories/documents')) return json({ items: documents });
    if (url.endsWith('/backoffice/categories/income-expense')) return json({ items: OUTCOMES });
    return json({ success: true });
  });
  return calls;
}

describe('the console categories page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists both kinds with their numbers; delete is offered only for an unused category', async () => {
    stubApi();
    await renderWithProviders(<CatalogueCategoriesPage />, { path: '/backoffice/locations/categories/' });
    const documents = await screen.findAllByTestId('category-documents-item');
    expect(documents).toHaveLength(2);
    const [act, inventory] = documents as [HTMLElement, HTMLElement];
    expect(within(act).getByText('№ 2')).toBeInTheDocument();
    expect(within(act).getByText(/Используется: 3/)).toBeInTheDocument();
    expect(within(act).queryByRole('button', { name: 'Удалить' })).toBeNull();
    expect(within(inventory).getByRole('button', { name: 'Удалить' })).toBeInTheDocument();
    const [stay] = await screen.findAllByTestId('category-income-expense-item');
    expect(within(stay as HTMLElement).getByText('Доход')).toBeInTheDocument();
  });

  it('archives only after asking, and shows the category archived', async () => {
    const calls = stubApi();
    await renderWithProviders(<CatalogueCategoriesPage />);
    const [act] = await screen.findAllByTestId('category-documents-item');
    await userEvent.click(within(act as HTMLElement).getByRole('button', { name: 'В архив' }));
    const dialog = await screen.findByRole('dialog', { name: 'Убрать категорию в архив?' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'В архив' }));
    await waitFor(() =>
      expect(
        calls.find(
          (call) => call.method === 'PUT' && call.url.endsWith('/backoffice/categories/documents/2/archived'),
        )?.body,
      ).toEqual({ archived: true }),
    );
    const [archived] = await screen.findAllByTestId('category-documents-item');
    await within(archived as HTMLElement).findByText('В архиве');
    expect(within(archived as HTMLElement).getByRole('button', { name: 'Вернуть' })).toBeInTheDocument();
  });

  it('refuses an empty name before the call, in the user language', async () => {
    const calls = stubApi();
    await renderWithProviders(<CatalogueCategoriesPage />, { language: 'en' });
    await screen.findAllByTestId('category-documents-item');
    const [add] = screen.getAllByRole('button', { name: 'Add' });
    await userEvent.click(add as HTMLElement);
    const form = await screen.findByTestId('category-documents-form');
    await userEvent.click(within(form).getByTestId('category-documents-save'));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
