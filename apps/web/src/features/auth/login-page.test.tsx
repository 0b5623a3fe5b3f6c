import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LoginPage } from './login-page';

/** The browser's fetch, answering as the portal's API would for these calls. */
function stubApi(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = Object.keys(answers).find((path) => url.startsWith(`/api/v1/${path}`));
    const answer = key
      ? answers[key]
      : { status: 404, body: { error: { code: 'not_found', message: 'Не найдено' } } };
    return new Response(JSON.stringify(answer?.body), {
      status: answer?.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

describe('login page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("shows the spec's messages for empty and malformed fields and sends nothing", async () => {
    const calls = stubApi({
      'demo-accounts': { status: 200, body: { accounts: [] } },
      'captcha-verify': { status: 200, body: { enabled: false, siteKey: null } },
    });
    await renderWithProviders(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByText('Введите e-mail или телефон')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/E-mail или телефон/), 'investor@example');
    expect(screen.getByText('Это непохоже на email-адрес.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/v1/authenticate'))).toBe(false);
  });

  it("shows the server's failure message on a wrong password", async () => {
    const calls = stubApi({
      'demo-accounts': { status: 200, body: { accounts: [] } },
      'captcha-verify': { status: 200, body: { enabled: false, siteKey: null } },
      authenticate: {
        status: 401,
        body: {
          error: {
            code: 'login_failed',
            message: 'Пользователь с такой комбинацией логина и пароля не найден.',
          },
        },
      },
    });
    await renderWithProviders(<LoginPage />);
    await userEvent.type(screen.getByLabelText(/E-mail или телефон/), '+7 (999) 000-00-01');
    await userEvent.type(screen.getByLabelText(/Пароль/), 'Wrong1');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Пользователь с такой комбинацией логина и пароля не найден.',
    );
    expect(calls.find((c) => c.url.startsWith('/api/v1/authenticate'))?.body).toMatchObject({
      login: '+7 (999) 000-00-01',
      password: 'Wrong1',
    });
    expect(localStorage.getItem('user_jwt_token')).toBeNull();
  });

  it('asks for the code mailed to the account, offers a resend after 30 s, and signs in with the code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const answers: Array<{ status: number; body: unknown }> = [
      { status: 200, body: { codeRequired: true, method: 'email', email: 'in***@example.com' } },
      { status: 200, body: { codeRequired: true, method: 'email', email: 'in***@example.com' } },
      {
        status: 200,
        body: { token: 'token-after-code', roles: [{ code: 'INVESTOR', name: 'Инвестор' }], staffRoles: [] },
      },
    ];
    const calls: Array<{ url: string; body: Record<string, unknown> | undefined }> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      const answer = url.startsWith('/api/v1/authenticate')
        ? (answers.shift() ?? { status: 500, body: {} })
        : url.startsWith('/api/v1/captcha-verify')
          ? { status: 200, body: { enabled: false, siteKey: null } }
          : { status: 200, body: { accounts: [] } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    });
    try {
      await renderWithProviders(<LoginPage />);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText(/E-mail или телефон/), 'investor@example.com');
      await user.type(screen.getByLabelText(/Пароль/), 'Investor1');
      await user.click(screen.getByRole('button', { name: 'Войти' }));
      expect(await screen.findByTestId('code-sent-to')).toHaveTextContent(
        'Мы отправили код на вашу почту in***@example.com',
      );
      expect(screen.getByText(/много неудачных попыток войти/)).toBeInTheDocument();
      // No resend yet: the countdown runs first.
      expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Отправить код повторно через 30 с');
      expect(screen.queryByTestId('resend-code')).toBeNull();
      const signIns = () => calls.filter((c) => c.url.startsWith('/api/v1/authenticate'));
      // An incomplete code is not sent.
      await user.click(screen.getByRole('button', { name: 'Войти' }));
      expect(signIns()).toHaveLength(1);

      act(() => vi.advanceTimersByTime(30_000));
      await user.click(await screen.findByTestId('resend-code'));
      await waitFor(() => expect(signIns()).toHaveLength(2));
      expect(signIns()[1]?.body).not.toHaveProperty('code');
      // The new code restarts the wait.
      expect(await screen.findByTestId('resend-countdown')).toBeInTheDocument();

      // The PinInput's six boxes: typing into the first moves along.
      const pins = document.querySelectorAll<HTMLInputElement>('input[autocomplete="one-time-code"]');
      expect(pins).toHaveLength(6);
      await user.click(pins[0] as HTMLInputElement);
      await user.keyboard('123456');
      await user.click(screen.getByRole('button', { name: 'Войти' }));
      await waitFor(() => expect(localStorage.getItem('user_jwt_token')).toBe('token-after-code'));
      expect(signIns()[2]?.body).toMatchObject({
        login: 'investor@example.com',
        password: 'Investor1',
        code: '123456',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills the form from a demo account', async () => {
    stubApi({
      'demo-accounts': {
        status: 200,
        body: {
          accounts: [
            {
              login: 'lender@example.com',
              password: 'Lender1',
              description: 'Займодатель',
              descriptionEn: 'Lender',
            },
          ],
        },
      },
      'captcha-verify': { status: 200, body: { enabled: false, siteKey: null } },
    });
    await renderWithProviders(<LoginPage />);
    await userEvent.click(await screen.findByText('lender@example.com / Lender1'));
    expect(screen.getByLabelText(/E-mail или телефон/)).toHaveValue('lender@example.com');
  });

  it("sends the captcha's token when the server has captcha on, and asks for a new one after a failure", async () => {
    let options: { sitekey: string; callback: (token: string) => void } | undefined;
    const smartCaptcha = {
      render: vi.fn((_: HTMLElement, given: typeof options) => {
        options = given;
        return 7;
      }),
      reset: vi.fn(),
      destroy: vi.fn(),
    };
    vi.stubGlobal('smartCaptcha', smartCaptcha);
    const calls = stubApi({
      'demo-accounts': { status: 200, body: { accounts: [] } },
      'captcha-verify': { status: 200, body: { enabled: true, siteKey: 'site-key-test' } },
      authenticate: {
        status: 401,
        body: { error: { code: 'login_failed', message: 'Пользователь не найден.' } },
      },
    });
    await renderWithProviders(<LoginPage />);
    await waitFor(() => expect(options?.sitekey).toBe('site-key-test'));
    act(() => options?.callback('token-1'));
    await userEvent.type(screen.getByLabelText(/E-mail или телефон/), 'investor@example.com');
    await userEvent.type(screen.getByLabelText(/Пароль/), 'Wrong12');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByTestId('login-error');
    const tries = () => calls.filter((c) => c.url.startsWith('/api/v1/authenticate'));
    expect(tries()[0]?.body).toMatchObject({ captchaToken: 'token-1' });
    expect(smartCaptcha.reset).toHaveBeenCalledWith(7);
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(tries()).toHaveLength(2));
    expect(tries()[1]?.body).not.toHaveProperty('captchaToken');
  });
});
