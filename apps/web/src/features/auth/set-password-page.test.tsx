import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SetPasswordPage } from './set-password-page';

/** users/password/fill answering from the queue, one answer a call; answers the bodies sent. */
function stubFill(answers: Array<{ status: number; body: unknown }>) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1/users/password/fill')) bodies.push(JSON.parse(String(init?.body)));
    const answer = url.startsWith('/api/v1/users/password/fill')
      ? (answers.shift() ?? { status: 500, body: {} })
      : { status: 404, body: { error: { code: 'not_found', message: 'Не найдено' } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return bodies;
}

const field = (name: string) => {
  const input = document.querySelector<HTMLInputElement>(`input[name=${name}]`);
  if (!input) throw new Error(`no field ${name}`);
  return input;
};

describe('recovery link page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's message for a common password, then asks for the second factor's code", async () => {
    const bodies = stubFill([
      {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Этот пароль слишком простой',
            fields: { password: 'Этот пароль слишком простой' },
          },
        },
      },
      { status: 200, body: { codeRequired: true, method: 'totp' } },
      { status: 200, body: { token: 'token', roles: [], staffRoles: [] } },
    ]);
    await renderWithProviders(
      <Routes>
        <Route path="/recovery/:link" element={<SetPasswordPage kind="recovery" />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>,
      { path: '/recovery/link-1' },
    );
    // The form follows the link's check (a failed check leaves the form: sending it tells the same).
    await waitFor(() => field('password'));
    await userEvent.type(field('password'), 'Qwerty1');
    await userEvent.type(field('repeat'), 'Qwerty1');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Этот пароль слишком простой')).toBeInTheDocument();
    await userEvent.clear(field('password'));
    await userEvent.clear(field('repeat'));
    await userEvent.type(field('password'), 'Zimorodok7');
    await userEvent.type(field('repeat'), 'Zimorodok7');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await userEvent.type(await screen.findByLabelText('Код из приложения'), 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[1]).toEqual({ link: 'link-1', password: 'Zimorodok7' });
    expect(bodies[2]).toEqual({ link: 'link-1', password: 'Zimorodok7', code: 'abcde-fghij' });
  }, 30_000);
});

describe('a dead link', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  /** users/link-status answering `valid`; answers the bodies it was sent. */
  function stubStatus(valid: boolean) {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/users/link-status')) bodies.push(JSON.parse(String(init?.body)));
      const answer = url.startsWith('/api/v1/users/link-status')
        ? { status: 200, body: { valid } }
        : { status: 404, body: { error: { code: 'not_found', message: 'Не найдено' } } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    });
    return bodies;
  }

  it('says the link no longer works and offers a new one instead of the form, before anything is typed', async () => {
    const bodies = stubStatus(false);
    await renderWithProviders(
      <Routes>
        <Route path="/activation/:link" element={<SetPasswordPage kind="signup" />} />
        <Route path="/sign-up" element={<p>sign-up page</p>} />
      </Routes>,
      { path: '/activation/used-link' },
    );
    expect(await screen.findByRole('heading', { name: 'Ссылка больше не действует' })).toBeInTheDocument();
    expect(screen.getByTestId('link-dead')).toHaveTextContent('устарела, уже использована');
    expect(document.querySelector('input[name=password]')).toBeNull();
    expect(bodies).toEqual([{ link: 'used-link', kind: 'signup' }]);
    await userEvent.click(screen.getByRole('link', { name: 'Получить новую ссылку' }));
    expect(await screen.findByText('sign-up page')).toBeInTheDocument();
  });

  it('shows the form for a link that works', async () => {
    stubStatus(true);
    await renderWithProviders(
      <Routes>
        <Route path="/recovery/:link" element={<SetPasswordPage kind="recovery" />} />
      </Routes>,
      { path: '/recovery/fresh-link' },
    );
    expect(await screen.findByRole('heading', { name: 'Новый пароль' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('input[name=password]')).not.toBeNull());
    expect(screen.queryByTestId('link-dead')).toBeNull();
  });
});
