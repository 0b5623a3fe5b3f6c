import type { CompanySettings } from '@portal/contract/company-settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CompanySettingsPage } from './company-settings-page';

const SETTINGS: CompanySettings = {
  name: 'Управляющая компания',
  nameEn: '',
  investUrl: '',
  hotelsUrl: '',
  schemeUrl: '',
  privacyUrl: '',
  supportPhone: '',
  supportEmail: '',
  reportTitle: '',
  reportTitleEn: '',
  statementDay: 5,
};

function stubApi(roles: string[]) {
  const writes: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/backoffice/me')) return json({ userId: 7, name: 'Игорь', roles, managerId: null });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      writes.push(body);
      return json(body);
    }
    return json(SETTINGS);
  });
  return writes;
}

describe('company settings page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an admin changes the name and a link; a bad link is said before the call', async () => {
    const writes = stubApi(['ADMIN']);
    const user = userEvent.setup();
    await renderWithProviders(<CompanySettingsPage />);
    const name = await screen.findByLabelText(/Название компании/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Сохранить' })).toBeInTheDocument());
    await user.clear(name);
    await user.type(name, 'УК «Северный берег»');
    await user.type(screen.getByLabelText('Схема инвестирования'), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Неверное значение')).toBeInTheDocument();
    expect(writes).toEqual([]);
    await user.clear(screen.getByLabelText('Схема инвестирования'));
    await user.type(screen.getByLabelText('Схема инвестирования'), 'https://north-shore.test/scheme.pdf');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Сохранено')).toBeInTheDocument();
    expect(writes).toEqual([
      { ...SETTINGS, name: 'УК «Северный берег»', schemeUrl: 'https://north-shore.test/scheme.pdf' },
    ]);
  });

  it('a manager reads the settings without a save button', async () => {
    stubApi(['MANAGER']);
    await renderWithProviders(<CompanySettingsPage />);
    expect(await screen.findByText('Настройки компании меняет администратор.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Название компании/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  });
});
