import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counters keyed by purpose and subject (an IP, a login). In memory for one instance; in Redis
 * when REDIS_URL is set, so that several instances share the counts, and in memory again while Redis is away.
 */
export interface RateLimiter {
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /** The key's state without counting a hit: limits that count only failures check first, hit on a failure. */
  peek(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  /** 'off': no Redis configured; 'down': configured but unreachable, so the counters are this instance's. */
  redisState(): 'up' | 'down' | 'off';
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
    async peek(key, rule) {
      const time = now();
      const window = windows.get(key);
      if (!window || window.resetAt <= time) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: window.count < rule.limit, retryAfterSeconds: (window.resetAt - time) / 1000 };
    },
    async reset(key) {
      windows.delete(key);
    },
    redisState: () => 'off',
    async close() {
      windows.clear();
    },
  };
}

function sweep(windows: Map<string, { resetAt: number }>, time: number) {
  for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
}

/**
 * Shared counters in Redis. While Redis is unreachable every call falls back to this instance's own counters (a
 * warning is logged once an outage), so sign-in keeps working; when Redis is back the shared counters resume.
 * Commands never queue for a connection that is not there, and each one gives up after a second.
 */
export function redisRateLimiter(url: string, logger?: Logger): RateLimiter {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 250, 2000),
  });
  const fallback = memoryRateLimiter();
  let down = false;
  const wentDown = (error: unknown) => {
    if (down) return;
    down = true;
    logger?.warn(
      { err: error },
      'Redis is unreachable: rate limits fall back to per-instance counters until it is back',
    );
  };
  redis.on('error', wentDown);
  redis.on('ready', () => {
    if (down) logger?.info('Redis is back: rate limits are shared again');
    down = false;
  });
  const shared = {
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
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
    async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const redisKey = `rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().get(redisKey).pttl(redisKey).exec()) as [
        [null, string | null],
        [null, number],
      ];
      if (count === null || ttl < 0) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: Number(count) < rule.limit, retryAfterSeconds: ttl / 1000 };
    },
  };
  return {
    async hit(key, rule) {
      if (redis.status === 'ready') {
        try {
          return await shared.hit(key, rule);
        } catch (error) {
          wentDown(error);
        }
      } else if (redis.status !== 'connecting' || down) {
        wentDown(new Error(`Redis connection is ${redis.status}`));
      }
      return fallback.hit(key, rule);
    },
    async peek(key, rule) {
      if (redis.status === 'ready') {
        try {
          return await shared.peek(key, rule);
        } catch (error) {
          wentDown(error);
        }
      }
      return fallback.peek(key, rule);
    },
    async reset(key) {
      await fallback.reset(key);
      if (redis.status !== 'ready') return;
      await redis.del(`rl:${key}`).catch(wentDown);
    },
    redisState: () => (redis.status === 'ready' ? 'up' : 'down'),
    async close() {
      redis.disconnect();
      await fallback.close();
    },
  };
}
