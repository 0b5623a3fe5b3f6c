import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../api/client';
import { ApiErrorAlert } from './api-error-alert';

const refused = new ApiError(409, 'conflict', 'Этот e-mail уже занят', { email: 'занят' });
const plain = new ApiError(403, 'forbidden', 'Нет доступа');

describe('API error alert', () => {
  it("shows the server's message, the fallback when the call got no answer of the API, nothing without an error", async () => {
    await renderWithProviders(
      <>
        <div data-testid="server">
          <ApiErrorAlert error={plain} />
        </div>
        <div data-testid="offline">
          <ApiErrorAlert error={new TypeError('Failed to fetch')} />
        </div>
        <div data-testid="none">
          <ApiErrorAlert error={null} />
        </div>
      </>,
    );
    expect(within(screen.getByTestId('server')).getByRole('alert')).toHaveTextContent('Нет доступа');
    expect(within(screen.getByTestId('offline')).getByRole('alert')).toHaveTextContent(
      'Не удалось загрузить данные',
    );
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    expect(screen.getByTestId('none')).toBeEmptyDOMElement();
  });

  it('stays away when the form shows the error under its fields', async () => {
    await renderWithProviders(
      <>
        <div data-testid="any-field">
          <ApiErrorAlert error={refused} hideOnFields />
        </div>
        <div data-testid="named-field">
          <ApiErrorAlert error={refused} hideOnFields={['email']} />
        </div>
        <div data-testid="other-field">
          <ApiErrorAlert error={refused} hideOnFields={['phone']} inline fallback="Не удалось" />
        </div>
        <div data-testid="no-fields">
          <ApiErrorAlert error={plain} hideOnFields />
        </div>
      </>,
    );
    expect(screen.getByTestId('any-field')).toBeEmptyDOMElement();
    expect(screen.getByTestId('named-field')).toBeEmptyDOMElement();
    expect(within(screen.getByTestId('other-field')).getByRole('alert')).toHaveTextContent(
      'Этот e-mail уже занят',
    );
    expect(within(screen.getByTestId('no-fields')).getByRole('alert')).toHaveTextContent('Нет доступа');
  });
});
