import { Redis } from 'ioredis';

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counters keyed by purpose and subject (an IP, a login). In memory for one instance; in Redis
 * when REDIS_URL is set, so that several instances share the counts.
 */
export interface RateLimiter {
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, rule) {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + rule.windowSeconds * 1000 };
        windows.set(key, window);
        if (windows.size > 100_000) sweep(windows, time);
      }
      window.count += 1;
      return { allowed: window.count <= rule.limit, retryAfterSeconds: (window.resetAt - time) / 1000 };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

function sweep(windows: Map<string, { resetAt: number }>, time: number) {
  for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
}

export function redisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    async hit(key, rule) {
      const redisKey = `rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [
        [null, number],
        [null, number],
      ];
      let ttlMs = ttl;
      if (ttl < 0) {
        await redis.pexpire(redisKey, rule.windowSeconds * 1000);
        ttlMs = rule.windowSeconds * 1000;
      }
      return { allowed: count <= rule.limit, retryAfterSeconds: ttlMs / 1000 };
    },
    async reset(key) {
      await redis.del(`rl:${key}`);
    },
    async close() {
      redis.disconnect();
    },
  };
}
