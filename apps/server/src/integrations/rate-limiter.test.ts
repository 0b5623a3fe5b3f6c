import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limiter.ts';

const rule = { limit: 3, windowSeconds: 60 };

function behavesAsAFixedWindow(make: () => RateLimiter) {
  it('allows the limit, then refuses with the seconds left in the window', async () => {
    const limiter = make();
    const key = `test:${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 3; i += 1) expect((await limiter.hit(key, rule)).allowed).toBe(true);
    const refused = await limiter.hit(key, rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another subject keeps its own count; a reset starts over.
    expect((await limiter.hit(`${key}:other`, rule)).allowed).toBe(true);
    await limiter.reset(key);
    expect((await limiter.hit(key, rule)).allowed).toBe(true);
    await limiter.close();
  });
}

describe('memory rate limiter', () => {
  behavesAsAFixedWindow(() => memoryRateLimiter());

  it('opens a new window when the old one ends', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now);
    for (let i = 0; i < 4; i += 1) await limiter.hit('k', rule);
    expect((await limiter.hit('k', rule)).allowed).toBe(false);
    now = 60_001;
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
  });
});

// Shared counters for several instances; CI points TEST_REDIS_URL at the machine's Redis.
describe.runIf(process.env.TEST_REDIS_URL)('redis rate limiter', () => {
  behavesAsAFixedWindow(() => redisRateLimiter(process.env.TEST_REDIS_URL ?? ''));
});
