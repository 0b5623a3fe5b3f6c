import type { StaffMember } from '@portal/contract/backoffice-staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { StaffPage } from './staff-page';

const member = (over: Partial<StaffMember>): StaffMember => ({
  id: 1,
  managerId: null,
  name: '',
  nameEn: '',
  email: null,
  phone: null,
  roles: ['MANAGER'],
  status: 'active',
  isDefault: false,
  locale: 'ru',
  clientCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const STAFF = [
  member({
    id: 5,
    managerId: 1,
    name: 'Ольга Белова',
    nameEn: 'Olga Belova',
    email: 'manager@example.com',
    phone: '+79990000005',
    isDefault: true,
    clientCount: 4,
  }),
  member({ id: 8, managerId: 3, name: 'Пётр Орлов', nameEn: 'Petr Orlov', status: 'invited' }),
  member({ id: 7, name: 'Игорь Кравцов', nameEn: 'Игорь Кравцов', roles: ['ADMIN'] }),
];

/** The console's API: me as the given roles, the staff list, and the deactivation answering from the queue. */
function stubApi(roles: string[], answers: Array<{ status: number; body: unknown }> = []) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/backoffice/me'))
      return json(200, { userId: 7, name: 'Игорь Кравцов', roles, managerId: null });
    if (url.endsWith('/backoffice/staff') && method === 'GET') return json(200, { items: STAFF });
    const answer = answers.shift() ?? { status: 200, body: { success: true } };
    return json(answer.status, answer.body);
  });
  return calls;
}

describe('staff page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the staff and deactivates the default manager only with a manager for the clients and a new default', async () => {
    const calls = stubApi(
      ['ADMIN'],
      [
        {
          status: 400,
          body: {
            error: {
              code: 'validation',
              message: 'Выберите менеджера, к которому перейдут клиенты',
              fields: { managerId: 'Выберите менеджера, к которому перейдут клиенты' },
            },
          },
        },
      ],
    );
    await renderWithProviders(<StaffPage />);
    const row = await screen.findByTestId('staff-5');
    expect(within(row).getByText('Основной')).toBeInTheDocument();
    expect(within(row).getByText('+7 (999) 000-00-05')).toBeInTheDocument();
    expect(within(screen.getByTestId('staff-8')).getByText('Приглашён')).toBeInTheDocument();
    // No one deactivates themself.
    expect(within(screen.getByTestId('staff-7')).queryByRole('button', { name: 'Отключить' })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Отключить' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Клиентов: 4/)).toBeInTheDocument();
    // Only an active manager other than the one leaving can take the clients.
    const moveTo = within(dialog).getByTestId('staff-move-to');
    expect([...moveTo.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      '— выберите менеджера —',
      'Пётр Орлов',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отключить' }));
    expect(
      await within(dialog).findByText('Выберите менеджера, к которому перейдут клиенты'),
    ).toBeInTheDocument();

    await userEvent.selectOptions(moveTo, '3');
    expect(within(dialog).getByTestId<HTMLSelectElement>('staff-new-default').value).toBe('3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отключить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Сотрудник отключён, его клиенты переданы')).toBeInTheDocument();
    const sent = calls.filter((call) => call.url.endsWith('/backoffice/staff/5/deactivate'));
    expect(sent.map((call) => call.body)).toEqual([
      { managerId: null, defaultManagerId: null },
      { managerId: 3, defaultManagerId: 3 },
    ]);
  });

  it('checks the form before sending a new staff member, in English too', async () => {
    const calls = stubApi(['ADMIN']);
    await renderWithProviders(<StaffPage />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'New staff member' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New staff member' }));
    expect(within(dialog).getByText("This doesn't look like an email address.")).toBeInTheDocument();
    expect(within(dialog).getAllByText('This field is required').length).toBe(2);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('tells a manager the section is for admins and asks nothing of the staff call', async () => {
    const calls = stubApi(['MANAGER']);
    await renderWithProviders(<StaffPage />);
    expect(await screen.findByText('Раздел доступен только администраторам')).toBeInTheDocument();
    // The page keeps its title, so a manager who opens the address still knows where they are.
    expect(screen.getByRole('heading', { level: 1, name: 'Сотрудники' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/backoffice/staff'))).toBe(false);
  });
});
