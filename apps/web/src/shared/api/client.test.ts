import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../i18n';
import { ApiError, api, download, uploadWithProgress } from './client';

function answer(status: number, body: string, type = 'application/json') {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, headers: { 'content-type': type } });
  });
  return calls;
}

/** A stand-in for XMLHttpRequest that answers the next upload with the given status and body text. */
class FakeXhr {
  static answer = { status: 200, body: '{}' };
  static last: FakeXhr | null = null;
  readonly headers: Record<string, string> = {};
  readonly upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  url = '';
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
    FakeXhr.last = this;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
    this.status = FakeXhr.answer.status;
    this.responseText = FakeXhr.answer.body;
    queueMicrotask(() => (this.status === 0 ? this.onerror?.() : this.onload?.()));
  }
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

  it("downloads under the Content-Disposition name, and fails like api(): the server's message, a dropped session on 401", async () => {
    localStorage.setItem('user_jwt_token', 'token-1');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('xlsx', {
          status: 200,
          headers: {
            'content-disposition': "attachment; filename*=UTF-8''%D0%94%D0%BE%D1%85%D0%BE%D0%B4.xlsx",
          },
        }),
    );
    await download('investor-income/xls', { location: 1 });
    expect(names).toEqual(['Доход.xlsx']);

    answer(404, '{"error":{"code":"not_found","message":"Документ не найден"}}');
    const missing = await failure(download('download/document/9'));
    expect([missing.status, missing.code, missing.message]).toEqual([404, 'not_found', 'Документ не найден']);
    expect(console.error).toHaveBeenCalledWith('Status code: 404');
    expect(localStorage.getItem('user_jwt_token')).toBe('token-1');

    answer(502, '<html>Bad Gateway</html>', 'text/html');
    expect((await failure(download('outcome/xls'))).message).toBe(
      'Не удалось выполнить действие. Попробуйте ещё раз.',
    );

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await failure(download('outcome/xls'))).code).toBe('network');

    answer(401, '{"error":{"code":"unauthorized","message":"Требуется вход"}}');
    expect((await failure(download('financial-report/download'))).status).toBe(401);
    expect(localStorage.getItem('user_jwt_token')).toBeNull();
  });

  it("uploads with progress and the token, and fails like api(): the server's message, a dropped session on 401", async () => {
    localStorage.setItem('user_jwt_token', 'token-1');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    FakeXhr.answer = { status: 200, body: '{"id":7}' };
    expect(await uploadWithProgress('backoffice/reports/1/media', 'file', (p) => progress.push(p))).toEqual({
      id: 7,
    });
    expect(progress).toEqual([50]);
    expect(FakeXhr.last?.url).toBe('/api/v1/backoffice/reports/1/media');
    expect(FakeXhr.last?.headers.authorization).toBe('Bearer token-1');

    FakeXhr.answer = {
      status: 400,
      body: '{"error":{"code":"file_type","message":"Можно загрузить только фото или видео","fields":{"file":"тип"}}}',
    };
    const refused = await failure(uploadWithProgress('backoffice/reports/1/media', 'file', () => undefined));
    expect([refused.status, refused.code, refused.message, refused.fields]).toEqual([
      400,
      'file_type',
      'Можно загрузить только фото или видео',
      { file: 'тип' },
    ]);
    expect(localStorage.getItem('user_jwt_token')).toBe('token-1');

    FakeXhr.answer = { status: 0, body: '' };
    expect((await failure(uploadWithProgress('backoffice/import', 'file', () => undefined))).code).toBe(
      'network',
    );

    FakeXhr.answer = { status: 401, body: '{"error":{"code":"unauthorized","message":"Требуется вход"}}' };
    const expired = await failure(uploadWithProgress('backoffice/import', 'file', () => undefined));
    expect([expired.status, expired.message]).toEqual([401, 'Требуется вход']);
    expect(localStorage.getItem('user_jwt_token')).toBeNull();
  });
});
