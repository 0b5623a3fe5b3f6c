import type { NotificationsResponse } from '@portal/contract/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { NotificationsPage } from './notifications-page';

const EVENT = {
  id: 7,
  kind: 'signature' as const,
  title: 'Документ ждёт вашей подписи: Акт №5',
  titleEn: 'A document awaits your signature: Act №5',
  text: 'Акт №5 готов к подписанию.',
  textEn: 'Act №5 is ready for your signature.',
  link: '/documents/',
  createdAt: '2026-11-26T09:30:00.000Z',
  read: false,
};

/** The API as the page meets it: the list (or a failure), and the marks it posts. */
function stubApi(list: NotificationsResponse | 'fail') {
  const posts: unknown[] = [];
  let current = list;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      if (current !== 'fail')
        current = { notifications: current.notifications.map((n) => ({ ...n, read: true })), unread: 0 };
      return json({ unread: 0 });
    }
    if (url.includes('/notifications')) {
      if (current === 'fail') return json({ error: { code: 'internal', message: 'x' } }, 500);
      return json(current);
    }
    return json({});
  });
  return posts;
}

describe('notifications page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so when nothing happened yet', async () => {
    stubApi({ notifications: [], unread: 0 });
    await renderWithProviders(<NotificationsPage />);
    expect(await screen.findByText('Пока ничего не произошло')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Прочитать все' })).toBeNull();
  });

  it('offers a retry when the list cannot be read', async () => {
    stubApi('fail');
    await renderWithProviders(<NotificationsPage />);
    expect(await screen.findByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('lists an unread event in the page language and marks all read', async () => {
    const posts = stubApi({ notifications: [EVENT], unread: 1 });
    const user = userEvent.setup();
    await renderWithProviders(<NotificationsPage />, { language: 'en' });
    expect(await screen.findByText('A document awaits your signature: Act №5')).toBeInTheDocument();
    expect(screen.getByText('Unread')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByText('Unread')).toBeNull());
    expect(posts).toEqual([{ all: true }]);
  });
});
