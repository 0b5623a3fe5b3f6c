import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

/** The sign-in screens' reads: captcha, the demo accounts, and whether a link still works. */
export const authQueries = {
  captcha: () =>
    queryOptions({
      queryKey: queryKeyOf('POST /captcha-verify'),
      queryFn: () =>
        call('POST /captcha-verify', { body: { isLocal: window.location.hostname === 'localhost' } }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  demoAccounts: () =>
    queryOptions({ queryKey: queryKeyOf('GET /demo-accounts'), queryFn: () => call('GET /demo-accounts') }),
  linkStatus: (kind: 'signup' | 'recovery', link: string) =>
    queryOptions({
      queryKey: queryKeyOf('POST /users/link-status', kind, link),
      queryFn: () => call('POST /users/link-status', { body: { link, kind } }),
      // Checked once: the link is spent when the password is set, and the page leaves then.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: false,
    }),
};
