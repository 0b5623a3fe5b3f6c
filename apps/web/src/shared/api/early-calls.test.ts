import { describe, expect, it } from 'vitest';
import { recordFetches, runShellScript, signedInShell } from '../../test/early-calls';
import { closeEarlyCalls, LAYOUT_CALL, takeEarlyCall } from './early-calls';

const LAYOUT = [`/api/v1/${LAYOUT_CALL}`];

signedInShell();

describe("the shell's early calls", () => {
  it("asks for the layout's call and the dashboard's first screen of the stored location, with the token", () => {
    localStorage.setItem('user_current_location_id', '3');
    const asked = recordFetches();
    runShellScript();
    expect(asked.map((call) => call.url)).toEqual([...LAYOUT, '/api/v1/dashboard/first-screen?location=3']);
    expect(new Set(asked.map((call) => call.authorization))).toEqual(new Set(['Bearer token']));
  });

  it('asks for no dashboard as a lender, for nothing signed out, and ignores a stored location that is not an id', () => {
    localStorage.setItem('user_current_role', 'LENDER');
    const asked = recordFetches();
    runShellScript();
    expect(asked.map((call) => call.url)).toEqual(LAYOUT);

    closeEarlyCalls();
    asked.length = 0;
    localStorage.setItem('user_current_role', 'INVESTOR');
    localStorage.setItem('user_current_location_id', '2.5');
    runShellScript();
    expect(asked.at(-1)?.url).toBe('/api/v1/dashboard/first-screen');

    closeEarlyCalls();
    asked.length = 0;
    localStorage.removeItem('user_jwt_token');
    runShellScript();
    expect(asked).toEqual([]);
    expect(takeEarlyCall('/api/v1/users/layout')).toBeUndefined();
  });

  it('gives each answer once, and none once closed', () => {
    recordFetches();
    runShellScript();
    expect(takeEarlyCall('/api/v1/users/layout')).toBeInstanceOf(Promise);
    expect(takeEarlyCall('/api/v1/users/layout')).toBeUndefined();
    closeEarlyCalls();
    expect(takeEarlyCall('/api/v1/users/layout')).toBeUndefined();
  });
});
