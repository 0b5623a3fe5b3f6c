import { afterEach, beforeEach } from 'vitest';

/**
 * The API as a route loader's test sees it: `call` records each call and waits until the test answers it. A test
 * mocks the client with it: `vi.mock('…/shared/api/client', async () => ({ call: (await import('…')).pendingCall }))`.
 */
export const calls: Array<{
  path: string;
  query?: Record<string, unknown>;
  answer: (value: unknown) => void;
  fail: (error: Error) => void;
}> = [];

/** `call('GET /users/locations', { query })`, recorded by its path, `users/locations`. */
export function pendingCall(key: string, input?: { query?: Record<string, unknown> }): Promise<unknown> {
  return new Promise((answer, fail) =>
    calls.push({ path: key.slice(key.indexOf(' /') + 2), query: input?.query, answer, fail }),
  );
}

/** The calls asked so far, with the location asked for: `dashboard/statistics@2`. */
export const paths = () => calls.map((c) => `${c.path}${c.query?.location ? `@${c.query.location}` : ''}`);

/** Answers the first call of the path. */
export const answer = (path: string, value: unknown) => calls.find((c) => c.path === path)?.answer(value);

/** Fails the first call of the path, as the client does on an error answer. */
export const fail = (path: string) => calls.find((c) => c.path === path)?.fail(new Error('500'));

/** Each test of the file starts signed in (a stored token), with no calls asked, and leaves no storage behind. */
export function signedInForEachTest() {
  beforeEach(() => {
    calls.length = 0;
    localStorage.clear();
    localStorage.setItem('user_jwt_token', 'token');
  });
  afterEach(() => localStorage.clear());
}
