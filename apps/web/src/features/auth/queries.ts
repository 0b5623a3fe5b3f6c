import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The sign-in screens' reads: captcha, the demo accounts, and whether a link still works. */
export const authQueries = {
  captcha: () =>
    queryOptions({
      queryKey: ['captcha'],
      queryFn: () =>
        call('POST /captcha-verify', { body: { isLocal: window.location.hostname === 'localhost' } }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  demoAccounts: () =>
    queryOptions({ queryKey: ['demo-accounts'], queryFn: () => call('GET /demo-accounts') }),
  linkStatus: (kind: 'signup' | 'recovery', link: string) =>
    queryOptions({
      queryKey: ['link-status', kind, link],
      queryFn: () => call('POST /users/link-status', { body: { link, kind } }),
      // Checked once: the link is spent when the password is set, and the page leaves then.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: false,
    }),
};
