import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PasswordModal } from './password-modal';

/** users/password/change answering from the queue, one answer a call. */
function stubChange(answers: Array<{ status: number; body: unknown }>) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    const answer = answers.shift() ?? { status: 500, body: {} };
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

describe('password change modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("checks the spec's rules before sending anything", async () => {
    const bodies = stubChange([]);
    await renderWithProviders(<PasswordModal opened onClose={() => undefined} />);
    await userEvent.type(field('oldPassword'), 'short');
    fireEvent.blur(field('oldPassword'));
    expect(
      await screen.findByText(
        'Введите от 6 до 20 символов. Пароль должен содержать хотя бы одну цифру, одну заглавную и строчную букву',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(field('oldPassword'));
    await userEvent.type(field('oldPassword'), 'Same1234');
    await userEvent.type(field('newPassword'), 'Same1234');
    await userEvent.type(field('repeat'), 'Other1234');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Новый пароль должен отличаться от старого')).toBeInTheDocument();
    expect(screen.getByText('Пароли не совпадают.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    expect(bodies).toEqual([]);
  }, 30_000);

  it("shows the server's message on the old password, then the success view for about a second", async () => {
    const bodies = stubChange([
      {
        status: 400,
        body: {
          error: {
            code: 'wrong_password',
            message: 'Пароль введен не верно',
            fields: { oldPassword: 'Пароль введен не верно' },
          },
        },
      },
      { status: 200, body: { success: true } },
    ]);
    const onClose = vi.fn();
    await renderWithProviders(<PasswordModal opened onClose={onClose} />);
    await userEvent.type(field('oldPassword'), 'Wrong1234');
    await userEvent.type(field('newPassword'), 'Changed12');
    await userEvent.type(field('repeat'), 'Changed12');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByTestId('old-password-error')).toHaveTextContent('Пароль введен не верно');
    await userEvent.clear(field('oldPassword'));
    await userEvent.type(field('oldPassword'), 'Right1234');
    expect(screen.queryByTestId('old-password-error')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByTestId('password-changed')).toHaveTextContent('Пароль изменён');
    const shownAt = Date.now();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
    expect(bodies).toEqual([
      { oldPassword: 'Wrong1234', newPassword: 'Changed12' },
      { oldPassword: 'Right1234', newPassword: 'Changed12' },
    ]);
    // Typing is slow on a busy machine: the time limit guards a hang, not the speed.
  }, 30_000);

  it("shows the server's refusal of a common new password on the new password's field", async () => {
    stubChange([
      {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Этот пароль слишком простой или распространённый',
            fields: { newPassword: 'Этот пароль слишком простой или распространённый' },
          },
        },
      },
    ]);
    await renderWithProviders(<PasswordModal opened onClose={() => undefined} />);
    await userEvent.type(field('oldPassword'), 'Right1234');
    await userEvent.type(field('newPassword'), 'Qwerty1');
    await userEvent.type(field('repeat'), 'Qwerty1');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByTestId('new-password-error')).toHaveTextContent(
      'Этот пароль слишком простой или распространённый',
    );
    expect(field('newPassword').getAttribute('data-invalid')).toBe('true');
  }, 30_000);
});
