import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../i18n';
import { ApiError, api } from './client';

function answer(status: number, body: string, type = 'application/json') {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, headers: { 'content-type': type } });
  });
  return calls;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('API client', () => {
  beforeEach(async () => {
    localStorage.clear();
    await setupI18n('ru').changeLanguage('ru');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the stored token and JSON, and answers the JSON', async () => {
    localStorage.setItem('user_jwt_token', 'token-1');
    const calls = answer(200, '{"locale":"en"}');
    expect(await api('locale/set-user-locale', { method: 'POST', query: { userLocale: 'en' } })).toEqual({
      locale: 'en',
    });
    expect(calls[0]?.url).toBe('/api/v1/locale/set-user-locale?userLocale=en');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it("passes on the server's message, code and fields", async () => {
    answer(409, '{"error":{"code":"conflict","message":"Этот e-mail уже занят","fields":{"email":"занят"}}}');
    const error = await failure(api('users/profile', { body: { email: 'a@b.ru' } }));
    expect([error.status, error.code, error.message, error.fields]).toEqual([
      409,
      'conflict',
      'Этот e-mail уже занят',
      { email: 'занят' },
    ]);
  });

  it('drops the stored token on a 401 outside sign-in, but not on a failed sign-in', async () => {
    localStorage.setItem('user_jwt_token', 'revoked');
    answer(401, '{"error":{"code":"login_failed","message":"Не найден"}}');
    await failure(api('authenticate', { body: { login: 'x', password: 'y' } }));
    expect(localStorage.getItem('user_jwt_token')).toBe('revoked');
    answer(401, '{"error":{"code":"unauthorized","message":"Требуется вход"}}');
    await failure(api('users/data-profile'));
    expect(localStorage.getItem('user_jwt_token')).toBeNull();
  });

  it('answers readable texts for a non-JSON error page and for no connection', async () => {
    answer(502, '<html>Bad Gateway</html>', 'text/html');
    expect((await failure(api('users/actives'))).message).toBe(
      'Не удалось выполнить действие. Попробуйте ещё раз.',
    );
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await failure(api('users/actives'));
    expect([offline.code, offline.message]).toEqual([
      'network',
      'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
    ]);
  });
});
