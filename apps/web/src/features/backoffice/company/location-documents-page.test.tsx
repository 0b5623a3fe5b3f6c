import type { StaffLocationDocument } from '@portal/contract/backoffice-location-documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LocationDocumentsPage } from './location-documents-page';

const DOC: StaffLocationDocument = {
  id: 5,
  locationId: 1,
  locationName: 'Сочи',
  locationNameEn: 'Sochi',
  categoryId: 2,
  categoryName: 'Разрешения',
  categoryNameEn: 'Permits',
  number: 'РС-1',
  date: '2026-03-15',
  description: 'Разрешение на ввод',
  descriptionEn: 'Commissioning permit',
  uploadId: 40,
  fileName: 'permit.pdf',
  createdAt: '2026-03-15T09:00:00.000Z',
};

function stubApi() {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/backoffice/me'))
      return json({ userId: 7, name: 'Игорь', roles: ['MANAGER'], managerId: 1 });
    if (url.includes('/backoffice/catalogue'))
      return json({
        managers: [],
        locations: [
          { id: 1, name: 'Сочи', nameEn: 'Sochi' },
          { id: 2, name: 'Алтай', nameEn: 'Altai' },
        ],
        units: [],
      });
    if (url.includes('/document-category'))
      return json({ categories: [{ id: 2, name: 'Разрешения', nameEn: 'Permits' }] });
    if (method === 'PUT') return json({ ...DOC, ...(calls.at(-1)?.body as object) });
    if (method === 'DELETE') return json({ success: true });
    return json({ documents: [DOC] });
  });
  return calls;
}

describe('location documents page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a document, edits its number and deletes it after the confirmation', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    await renderWithProviders(<LocationDocumentsPage />);
    const row = await screen.findByTestId('location-document-row');
    expect(within(row).getByText('15.03.2026')).toBeInTheDocument();
    expect(within(row).getByText('permit.pdf')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Изменить' }));
    const number = await screen.findByLabelText('Номер');
    await user.clear(number);
    await user.type(number, 'РС-2');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: expect.stringContaining('/backoffice/location-documents/5'),
      body: { locationId: 1, categoryId: 2, number: 'РС-2', date: '2026-03-15' },
    });

    await user.click(
      within(await screen.findByTestId('location-document-row')).getByRole('button', { name: 'Удалить' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Разрешения РС-1/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('asks for the file before an upload is sent', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    await renderWithProviders(<LocationDocumentsPage />);
    await screen.findByTestId('location-document-row');
    await user.click(screen.getByTestId('location-document-add'));
    await user.selectOptions(await screen.findByTestId('location-document-category'), '2');
    await user.type(screen.getByTestId('location-document-date'), '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Загрузить' }));
    expect(await screen.findByText('Выберите файл PDF')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
