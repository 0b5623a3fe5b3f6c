import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './list-page';

describe('DataTable', () => {
  it('gives a column of buttons a header that screen readers read as text, and shows the other headers', async () => {
    await renderWithProviders(
      <DataTable
        rows={[{ id: 1, name: 'Сосны' }]}
        rowKey={(row) => row.id}
        minWidth={400}
        label="Локации"
        columns={[
          { key: 'name', header: 'Название', cell: (row) => row.name },
          { key: 'actions', cell: () => <button type="button">Изменить</button> },
        ]}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Название', 'Действия']);
    // A name given by an attribute alone leaves the header cell empty to a screen reader's table navigation.
    expect(headers[1]).not.toHaveAttribute('aria-label');
    expect(screen.getByRole('columnheader', { name: 'Действия' })).toBeInTheDocument();
  });
});
