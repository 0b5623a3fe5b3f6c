import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RequestChangeModal } from './request-change-modal';
import { deviceName } from './sessions-block';

/** The API answering from the queue, one answer a call; answers the bodies sent. */
function stubApi(answers: Array<{ status: number; body: unknown }>) {
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

describe('step-up of account changes', () => {
  afterEach(() => vi.unstubAllGlobals());
  beforeAll(() => {
    // Mantine's autosize text area listens to font loading, which the test DOM lacks.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });

  it('asks for the current password with a bank-details request and shows a wrong one on the field', async () => {
    const bodies = stubApi([
      {
        status: 400,
        body: {
          error: {
            code: 'wrong_password',
            message: 'Пароль введен не верно',
            fields: { password: 'Пароль введен не верно' },
          },
        },
      },
      { status: 200, body: { success: true, requestId: 7 } },
    ]);
    await renderWithProviders(<RequestChangeModal kind="bank_details" opened onClose={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox'), 'Новый счёт');
    const password = document.querySelector<HTMLInputElement>('input[name=currentPassword]');
    if (!password) throw new Error('no password field');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(bodies).toEqual([]);
    await userEvent.type(password, 'Wrong1234');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Пароль введен не верно')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'Lender1');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await screen.findByTestId('request-sent');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ kind: 'bank_details', message: 'Новый счёт', password: 'Lender1' });
  }, 30_000);

  it('sends a base-data request without a password', async () => {
    const bodies = stubApi([{ status: 200, body: { success: true, requestId: 8 } }]);
    await renderWithProviders(<RequestChangeModal kind="base_data" opened onClose={() => undefined} />);
    expect(document.querySelector('input[name=currentPassword]')).toBeNull();
    await userEvent.type(screen.getByRole('textbox'), 'Отчество');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await screen.findByTestId('request-sent');
    expect(bodies).toEqual([{ kind: 'base_data', message: 'Отчество' }]);
  }, 30_000);

  it('names the device of a session by its browser and system', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome, Windows');
    expect(deviceName(null)).toBeNull();
  });
});
