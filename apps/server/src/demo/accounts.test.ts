import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';

describe('demo accounts', () => {
  it.each(DEMO_ACCOUNTS.map((account) => [account.login, account] as const))(
    '%s: the stored hash is of the README password',
    async (_login, account) => {
      expect(await verifyPassword(account.password, account.passwordHash)).toBe(true);
      expect(await verifyPassword(`${account.password}x`, account.passwordHash)).toBe(false);
    },
  );
});
