import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TotpSetupButton } from '../../shared/ui/totp-setup';
import { renderWithProviders } from '../../test/render';
import { TwoFactor } from './two-factor';

// The SMS row reads the account's phone from the session's profile.
vi.mock('../../shared/session/session', () => ({
  useSession: () => ({ profile: { phone: '+79990000004', twoFactorEnabled: false } }),
}));

/** The API answering from the queue, one answer a call; answers the paths and bodies sent. */
function stubApi(answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ path: new URL(url, 'http://portal.test').pathname, body: JSON.parse(String(init?.body)) });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const wrongPassword = (message: string) => ({
  status: 400,
  body: { error: { code: 'wrong_password', message, fields: { password: message } } },
});

const passwordField = () => screen.getByTestId('step-up-password');

describe('enrolling a factor asks for the current password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for it before the QR code, shows a wrong one on the field, and sends it with the first code', async () => {
    const calls = stubApi([
      wrongPassword('Пароль введен не верно'),
      { status: 200, body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg/>' } },
      { status: 200, body: { recoveryCodes: ['abcde-fghjk'] } },
    ]);
    await renderWithProviders(<TotpSetupButton onEnabled={() => undefined} />);
    await userEvent.click(screen.getByTestId('totp-on'));
    expect(
      await screen.findByText('Чтобы подключить приложение-аутентификатор, введите текущий пароль.'),
    ).toBeVisible();
    expect(screen.getByTestId('step-up-confirm')).toBeDisabled();
    expect(calls).toEqual([]);
    await userEvent.type(passwordField(), 'Wrong1234');
    await userEvent.click(screen.getByTestId('step-up-confirm'));
    expect(await screen.findByText('Пароль введен не верно')).toBeInTheDocument();
    expect(screen.queryByTestId('totp-qr')).toBeNull();
    await userEvent.clear(passwordField());
    await userEvent.type(passwordField(), 'Demo1234');
    await userEvent.click(screen.getByTestId('step-up-confirm'));
    await screen.findByTestId('totp-qr');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await userEvent.click(screen.getByTestId('totp-code').querySelector('input') as HTMLInputElement);
    await userEvent.keyboard('123456');
    await screen.findByTestId('recovery-codes');
    expect(calls).toEqual([
      { path: '/api/v1/users/totp/setup', body: { password: 'Wrong1234' } },
      { path: '/api/v1/users/totp/setup', body: { password: 'Demo1234' } },
      { path: '/api/v1/users/totp/enable', body: { code: '123456', password: 'Demo1234' } },
    ]);
  }, 30_000);

  it('speaks English too', async () => {
    stubApi([wrongPassword('The password is incorrect')]);
    await renderWithProviders(<TotpSetupButton onEnabled={() => undefined} />, { language: 'en' });
    await userEvent.click(screen.getByTestId('totp-on'));
    expect(
      await screen.findByText('To turn the authenticator app on, enter your current password.'),
    ).toBeVisible();
    await userEvent.type(passwordField(), 'Wrong1234');
    await userEvent.click(screen.getByTestId('step-up-confirm'));
    expect(await screen.findByText('The password is incorrect')).toBeInTheDocument();
  }, 30_000);

  it("asks for it before an SMS code is sent to the account's phone, and sends it with the code", async () => {
    const calls = stubApi([
      wrongPassword('Пароль введен не верно'),
      { status: 200, body: { success: true, resendAfterSeconds: 30, expiresInSeconds: 300 } },
      { status: 200, body: { twoFactorEnabled: true } },
    ]);
    await renderWithProviders(<TwoFactor />);
    await userEvent.click(screen.getByTestId('two-factor-on'));
    await screen.findByText(/Чтобы включить вход с кодом по SMS на номер \+7 \(999\) 000-00-04/);
    await userEvent.type(passwordField(), 'Wrong1234');
    await userEvent.click(screen.getByTestId('step-up-confirm'));
    expect(await screen.findByText('Пароль введен не верно')).toBeInTheDocument();
    expect(screen.queryByTestId('code-input')).toBeNull();
    await userEvent.clear(passwordField());
    await userEvent.type(passwordField(), 'Demo1234');
    await userEvent.click(screen.getByTestId('step-up-confirm'));
    await screen.findByTestId('code-input');
    await userEvent.click(screen.getByTestId('code-input').querySelector('input') as HTMLInputElement);
    await userEvent.keyboard('654321');
    await screen.findByTestId('two-factor-on-done');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((call) => call.body)).toEqual([
      { phone: '+79990000004', password: 'Wrong1234' },
      { phone: '+79990000004', password: 'Demo1234' },
      { code: '654321', phone: '+79990000004', password: 'Demo1234' },
    ]);
  }, 30_000);
});
