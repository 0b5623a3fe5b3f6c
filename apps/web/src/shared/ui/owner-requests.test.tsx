import type { OwnerRequest } from '@portal/contract/requests';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OwnerRequests } from './owner-requests';

const ANSWERED: OwnerRequest = {
  id: 7,
  kind: 'document',
  status: 'done',
  categoryId: 2,
  comment: 'Акт загружен в документы',
  createdAt: '2026-03-01T09:00:00.000Z',
  answeredAt: '2026-03-02T10:00:00.000Z',
};
const OPEN: OwnerRequest = {
  id: 8,
  kind: 'callback',
  status: 'new',
  categoryId: null,
  comment: null,
  createdAt: '2026-03-03T09:00:00.000Z',
  answeredAt: null,
};

/** GET users/requests answering from a queue: an error first, then lists. */
function stubRequests(answers: Array<{ status: number; body: unknown }>) {
  vi.stubGlobal('fetch', async () => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    return new Response(JSON.stringify(answer?.body), {
      status: answer?.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

describe("the owner's requests with the manager's answers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the error with a retry, then each request with its status and the answer', async () => {
    stubRequests([
      { status: 500, body: { error: { code: 'internal', message: 'x' } } },
      { status: 200, body: { requests: [OPEN, ANSWERED] } },
    ]);
    await renderWithProviders(<OwnerRequests title="Мои заявки" emptyTitle="Заявок пока нет" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Повторить' }));
    const rows = await screen.findAllByTestId('owner-request');
    expect(rows).toHaveLength(2);
    const [open, answered] = rows as [HTMLElement, HTMLElement];
    expect(within(open).getByText('Обратный звонок')).toBeInTheDocument();
    expect(within(open).getByTestId('owner-request-status')).toHaveTextContent('Отправлена');
    expect(within(open).queryByTestId('owner-request-comment')).toBeNull();
    expect(within(answered).getByTestId('owner-request-status')).toHaveTextContent('Выполнена');
    expect(within(answered).getByTestId('owner-request-comment')).toHaveTextContent(
      'Акт загружен в документы',
    );
    expect(within(answered).getByText(/Ответ от 02\.03\.2026/)).toBeInTheDocument();
  });

  it('narrows to the kinds asked for, names them by subject, and says when there are none', async () => {
    stubRequests([{ status: 200, body: { requests: [OPEN, ANSWERED] } }]);
    const { unmount } = await renderWithProviders(
      <OwnerRequests
        title="Мои запросы документов"
        emptyTitle="Вы ещё не запрашивали документы"
        kinds={['document']}
        subjectOf={(request) => (request.categoryId === 2 ? 'Акт' : null)}
      />,
    );
    const rows = await screen.findAllByTestId('owner-request');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('Акт')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    stubRequests([{ status: 200, body: { requests: [OPEN] } }]);
    await renderWithProviders(
      <OwnerRequests
        title="Мои запросы документов"
        emptyTitle="Вы ещё не запрашивали документы"
        kinds={['document']}
      />,
    );
    expect(await screen.findByText('Вы ещё не запрашивали документы')).toBeInTheDocument();
  });
});
