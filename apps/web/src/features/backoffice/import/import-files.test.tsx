import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AllowedValues, ImportFiles } from './import-files';

const COLUMNS = {
  kind: 'bookings',
  columns: [
    {
      name: 'status',
      label: 'статус',
      required: true,
      type: 'значение из списка',
      format: 'код или его название',
      example: 'confirmed',
      values: [{ value: 'confirmed', name: 'Подтверждена', alsoAccepted: ['подтверждено'] }],
      idsFrom: null,
      note: null,
    },
    {
      name: 'unitId',
      label: 'id юнита',
      required: true,
      type: 'id',
      format: 'целое число из списка консоли',
      example: '1',
      values: [],
      idsFrom: 'Каталог → Локации → юниты локации',
      note: null,
    },
  ],
};

/** The import's file calls answering: the columns as JSON, the template and the export as CSV. */
function stubCalls() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    if (url.endsWith('/columns'))
      return new Response(JSON.stringify(COLUMNS), { headers: { 'content-type': 'application/json' } });
    return new Response('\ufeffexternalId;unitId\r\n', {
      headers: {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="bookings-template.csv"',
      },
    });
  });
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:csv';
      static override revokeObjectURL = () => undefined;
    },
  );
  // The download link's click saves the file in a browser; the test counts the clicks.
  const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { urls, saved };
}

describe("the import's files", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the allowed values of the kind and downloads its template and export', async () => {
    const { urls, saved } = stubCalls();
    await renderWithProviders(
      <>
        <ImportFiles kind="bookings" disabled={false} />
        <AllowedValues kind="bookings" />
      </>,
    );
    const table = await screen.findByTestId('import-columns');
    // A section of the page, under the page's own title (level 1).
    expect(screen.getByRole('heading', { level: 2, name: 'Допустимые значения' })).toBeInTheDocument();
    expect(within(table).getByText('Подтверждена', { exact: false })).toBeInTheDocument();
    expect(within(table).getByText('id — в разделе «Каталог → Локации → юниты локации»')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Скачать шаблон' }));
    await userEvent.click(screen.getByRole('button', { name: 'Выгрузить' }));
    await waitFor(() =>
      expect(urls).toEqual([
        '/api/v1/backoffice/import/bookings/columns',
        '/api/v1/backoffice/import/bookings/template',
        '/api/v1/backoffice/import/bookings/export',
      ]),
    );
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
  }, 30_000);
});
