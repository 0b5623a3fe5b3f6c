import type { AppContext } from '../context.ts';
import type { RateLimitRule } from '../integrations/rate-limiter.ts';
import { tooManyRequests } from './errors.ts';

/** Counts one hit on every key and answers 429 with Retry-After when any of them is over its limit. */
export async function enforceRateLimits(ctx: AppContext, hits: Array<[key: string, rule: RateLimitRule]>) {
  let retryAfter = 0;
  for (const [key, rule] of hits) {
    const result = await ctx.limiter.hit(key, rule);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

/**
 * Limits that count only failures (a wrong password): checked without counting before the attempt, counted after
 * a failure. Over any of them the call answers 429 with the one generic message, before the password is checked.
 */
export async function checkFailureLimits(ctx: AppContext, keys: Array<[key: string, rule: RateLimitRule]>) {
  let retryAfter = 0;
  for (const [key, rule] of keys) {
    const result = await ctx.limiter.peek(key, rule);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

export async function countFailure(ctx: AppContext, keys: Array<[key: string, rule: RateLimitRule]>) {
  for (const [key, rule] of keys) await ctx.limiter.hit(key, rule);
}

export const RATE_LIMITS = {
  /** Failed sign-ins from one address, whatever the logins (successful ones do not count). */
  signInFailuresPerIp: { limit: 100, windowSeconds: 15 * 60 },
  /** Failed sign-ins of one account from one address: stops guessing, the owner elsewhere is not locked out. */
  signInFailuresPerAccountIp: { limit: 10, windowSeconds: 15 * 60 },
  /**
   * The slower ceiling of one account from every address together. Past it nobody is refused: a right password
   * from an address the account never signed in from needs a code sent to the account (modules/auth/service.ts).
   */
  signInFailuresPerAccount: { limit: 50, windowSeconds: 60 * 60 },
  /** Sign-in challenge codes sent for one account to one asking address an hour; more answer the same, unsent. */
  signInChallengeSendsPerAccountIp: { limit: 5, windowSeconds: 60 * 60 },
  /** ... and for one account from every address together, so a holder of the password cannot flood the mailbox. */
  signInChallengeSendsPerAccount: { limit: 20, windowSeconds: 60 * 60 },
  /** Wrong current passwords or codes in a step-up (profile, two-factor, requests) of one user. */
  stepUpFailuresPerUser: { limit: 10, windowSeconds: 15 * 60 },
  linkRequestPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Mails (or SMS) of one kind sent to one account an hour; more requests answer the same and send nothing. */
  linkMailsPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  linkUsePerIp: { limit: 20, windowSeconds: 15 * 60 },
  /** Checks of a link before it is used (users/link-status): a page load each, so a little more than uses. */
  linkCheckPerIp: { limit: 30, windowSeconds: 15 * 60 },
  codeCheckPerIp: { limit: 20, windowSeconds: 15 * 60 },
  codeCheckPerUser: { limit: 10, windowSeconds: 15 * 60 },
  codeSendPerUser: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;
