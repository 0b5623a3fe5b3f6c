import type { FailedOutboxMessage } from '@portal/contract/backoffice-outbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OutboxPage } from './outbox-page';

const FAILED: FailedOutboxMessage[] = [
  {
    id: 12,
    channel: 'email',
    recipient: 'in•••@example.com',
    recipientMasked: true,
    subject: 'Ссылка для входа',
    attempts: 8,
    lastError: '550 mailbox unavailable',
    createdAt: '2026-03-01T09:00:00.000Z',
  },
];

/** The failed list answering from a queue (an error, then lists), the resend answering 200. */
function stubApi(lists: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ method: string; url: string }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.includes('/backoffice/outbox/failed')) {
      const answer = lists.length > 1 ? lists.shift() : lists[0];
      return json(answer?.status ?? 200, answer?.body);
    }
    return json(200, { success: true });
  });
  return calls;
}

const page = (items: FailedOutboxMessage[]) => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 20 },
});

describe('undelivered messages page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the error state with a retry, then the failed mail with its reason, and resends it', async () => {
    const calls = stubApi([
      { status: 500, body: { error: { code: 'internal', message: 'x' } } },
      page(FAILED),
      page([]),
    ]);
    await renderWithProviders(<OutboxPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    const table = await screen.findByTestId('outbox-table');
    expect(within(table).getByText('in•••@example.com')).toBeInTheDocument();
    expect(within(table).getByText('550 mailbox unavailable')).toBeInTheDocument();
    expect(within(table).getByText('Ссылка для входа')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Отправить повторно' }));
    expect(await screen.findByText('Сообщение снова в очереди на отправку.')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'POST' && call.url.endsWith('/backoffice/outbox/12/resend')),
    ).toBe(true);
    // The list is read again: nothing is left undelivered.
    await waitFor(() => expect(screen.getByText('Недоставленных сообщений нет')).toBeInTheDocument());
  });
});
