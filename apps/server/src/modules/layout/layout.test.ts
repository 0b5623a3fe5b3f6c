import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** The layout's one call answers what its six calls answer, for every kind of account. */
describe('users/layout', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    for (const login of ['investor', 'lender', 'both', 'demo', 'manager']) {
      tokens[login] = await t.signIn(`${login}@example.com`);
    }
  });
  afterAll(() => t?.close());
  const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api/v1/${url}`, token });

  it('gives each part as its own call does', async () => {
    // An open request, so the part is not an empty list on both sides.
    const sent = await t.request({
      method: 'POST',
      url: '/api/v1/user-document/send-document-request',
      token: tokens.demo,
      payload: { category: 372382, comment: 'Для банка' },
    });
    expect(sent.statusCode).toBe(200);
    for (const [login, token] of Object.entries(tokens)) {
      const layout = await get('users/layout', token);
      expect(layout.statusCode, login).toBe(200);
      const parts = layout.json();
      expect(parts, login).toEqual({
        profile: (await get('users/data-profile', token)).json(),
        locations: (await get('users/locations', token)).json(),
        actives: (await get('users/actives', token)).json(),
        unreadCount: (await get('notifications/unread-count', token)).json(),
        openRequests: (await get('users/open-requests', token)).json(),
        companySettings: (await get('company-settings', token)).json(),
      });
    }
    const investor = (await get('users/layout', tokens.investor)).json();
    expect(investor.locations.locations.map((l: { id: number }) => l.id)).toEqual([1, 2, 3, 7, 666]);
    expect(investor.actives.actives.length).toBeGreaterThan(0);
    expect((await get('users/layout', tokens.demo)).json().openRequests.requests).toEqual([
      expect.objectContaining({ kind: 'document', status: 'new' }),
    ]);
  });

  it('is for signed-in users only', async () => {
    expect((await get('users/layout')).statusCode).toBe(401);
    expect((await get('users/layout', `${tokens.investor}x`)).statusCode).toBe(401);
  });
});
