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

export const RATE_LIMITS = {
  signInPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInPerLogin: { limit: 10, windowSeconds: 15 * 60 },
  linkRequestPerIp: { limit: 10, windowSeconds: 60 * 60 },
  linkRequestPerContact: { limit: 3, windowSeconds: 60 * 60 },
  linkUsePerIp: { limit: 20, windowSeconds: 15 * 60 },
  codeCheckPerIp: { limit: 20, windowSeconds: 15 * 60 },
  codeCheckPerUser: { limit: 10, windowSeconds: 15 * 60 },
  codeSendPerUser: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;
