import { STORAGE_KEYS } from '@portal/contract/constants';

/**
 * The shell's early calls. A first screen's API calls used to start only once the client's entry had arrived and
 * run (about a third of a second on a fast machine, seconds on a phone). For such a screen the server puts a small
 * inline script into the shell's head (the build writes it into first-screens.json, see apps/web/first-screens.ts):
 * it starts the screen's calls with the stored token before any of the client's code is on its way, and keeps each
 * answer's promise by its URL. The client's first route loaders take them (client.ts asks takeEarlyCall for every
 * GET) instead of asking again; the router drops what they left once the first navigation is done, so no answer
 * is served later than the page's own first calls.
 */

/** Where the script keeps the answers: `globalThis[EARLY_CALLS]` (the window), by the call's URL (`/api/v1/…`). */
export const EARLY_CALLS = '__portalEarlyCalls';

/**
 * The signed-in layout's one call on a first load: the six answers every signed-in page needs (prefetchLayout
 * files each under its own call's key).
 */
export const LAYOUT_CALL = 'users/layout';

type EarlyCallsPlan = {
  keys: { token: string; currentRole: string; currentLocationId: string };
  calls: readonly string[];
};

/**
 * The script's work. It runs as the shell's inline script, so it names nothing outside itself (the build writes its
 * text with its argument), and it must never break the page: any failure leaves the client to ask on its own.
 */
function startEarlyCalls(plan: EarlyCallsPlan): void {
  try {
    const token = localStorage.getItem(plan.keys.token);
    if (!token) return;
    const calls = plan.calls.slice();
    // The dashboard's four answers in one call (prefetch.ts), for the stored location, unless the role is a lender's.
    if (localStorage.getItem(plan.keys.currentRole) !== 'LENDER') {
      const location = Number(localStorage.getItem(plan.keys.currentLocationId));
      calls.push(
        `dashboard/first-screen${Number.isInteger(location) && location > 0 ? `?location=${location}` : ''}`,
      );
    }
    const answers: Record<string, Promise<Response>> = {};
    for (const call of calls) {
      const url = `/api/v1/${call}`;
      answers[url] = fetch(url, { headers: { authorization: `Bearer ${token}` } });
      // A failed early call is the client's to repeat; unhandled, it would only be noise in the console.
      answers[url].catch(() => undefined);
    }
    // EARLY_CALLS, written out: the script has no module around it.
    (globalThis as { __portalEarlyCalls?: typeof answers }).__portalEarlyCalls = answers;
  } catch {
    // No storage (a private mode that refuses it) or no fetch: the client asks on its own.
  }
}

/** The dashboard shell's inline script: the layout's call and the dashboard's first screen. */
export function earlyCallsScript(): string {
  const plan: EarlyCallsPlan = {
    keys: {
      token: STORAGE_KEYS.token,
      currentRole: STORAGE_KEYS.currentRole,
      currentLocationId: STORAGE_KEYS.currentLocationId,
    },
    calls: [LAYOUT_CALL],
  };
  return `(${startEarlyCalls.toString()})(${JSON.stringify(plan)});`;
}

type Stash = { [EARLY_CALLS]?: Record<string, Promise<Response>> };

/** The early answer of a GET of this URL, once; undefined when the shell started none (or it was taken). */
export function takeEarlyCall(url: string): Promise<Response> | undefined {
  const answers = (globalThis as Stash)[EARLY_CALLS];
  const answer = answers?.[url];
  if (answers && answer) delete answers[url];
  return answer;
}

/** Drops the early answers nobody took: a later call asks the server afresh. */
export function closeEarlyCalls(): void {
  delete (globalThis as Stash)[EARLY_CALLS];
}
