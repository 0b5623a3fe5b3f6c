import { afterEach, beforeEach, vi } from 'vitest';
import { closeEarlyCalls, earlyCallsScript } from '../shared/api/early-calls';

/**
 * The shell's early calls (shared/api/early-calls.ts) in a test: a signed-in storage before each test, the
 * script's answers dropped and fetch restored after it.
 */
export function signedInShell() {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('user_jwt_token', 'token');
  });
  afterEach(() => {
    closeEarlyCalls();
    localStorage.clear();
    vi.unstubAllGlobals();
  });
}

/** Every fetch the page makes, recorded and answered at once with `answer(url)` as JSON (an empty object). */
export function recordFetches(answer: (url: string) => unknown = () => ({})) {
  const asked: Array<{ url: string; authorization?: string }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push({ url, authorization: (init?.headers as Record<string, string>)?.authorization });
    return new Response(JSON.stringify(answer(url)), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

/** The dashboard shell's inline script, run as the browser runs it. */
export const runShellScript = () => new Function(earlyCallsScript())();
