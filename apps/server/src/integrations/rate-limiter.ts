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

/** How long one Redis command may take before the limiter stops asking Redis: a sign-in makes several. */
export const REDIS_COMMAND_DEADLINE_MS = 250;
/** How often, while the breaker is open, a PING checks whether Redis answers again. */
const REDIS_PROBE_EVERY_MS = 1000;

/**
 * Shared counters in Redis, behind a circuit breaker. The first command that fails or takes longer than the
 * deadline (a Redis that is away, or frozen and still holding the connection open) opens the breaker: from then on
 * every call counts on this instance's own counters at once, without asking Redis, so sign-in keeps its speed. A
 * background PING every second closes the breaker when Redis answers in time again, and the shared counters
 * resume. A warning is logged once an outage. Commands never queue for a connection that is not there.
 */
export function redisRateLimiter(
  url: string,
  logger?: Logger,
  options: { deadlineMs?: number; probeEveryMs?: number } = {},
): RateLimiter {
  const deadlineMs = options.deadlineMs ?? REDIS_COMMAND_DEADLINE_MS;
  const probeEveryMs = options.probeEveryMs ?? REDIS_PROBE_EVERY_MS;
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: deadlineMs,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 250, 2000),
  });
  const fallback = memoryRateLimiter();
  let open = false;
  let closed = false;
  let probe: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (closed || probe) return;
    probe = setTimeout(() => void runProbe(), probeEveryMs);
    probe.unref();
  };
  const runProbe = async () => {
    try {
      if (redis.status === 'ready') {
        await withDeadline(redis.ping(), deadlineMs);
        if (!closed && open) {
          open = false;
          logger?.info('Redis is back: rate limits are shared again');
        }
      }
    } catch {
      // still away: the next probe asks again
    } finally {
      probe = undefined;
      if (open) schedule();
    }
  };
  const trip = (error: unknown) => {
    if (open || closed) return;
    open = true;
    logger?.warn(
      { err: error },
      'Redis is unreachable: rate limits fall back to per-instance counters until it is back',
    );
    schedule();
  };
  redis.on('error', trip);
  // A new connection is not proof that commands are answered: the probe decides.
  redis.on('ready', () => {
    if (open) {
      clearTimeout(probe);
      probe = undefined;
      void runProbe();
    }
  });
  const usable = () => !open && redis.status === 'ready';
  const shared = {
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const redisKey = `rl:${key}`;
      const [[, count], [, ttl]] = (await withDeadline(
        redis.multi().incr(redisKey).pttl(redisKey).exec(),
        deadlineMs,
      )) as [[null, number], [null, number]];
      let ttlMs = ttl;
      if (ttl < 0) {
        await withDeadline(redis.pexpire(redisKey, rule.windowSeconds * 1000), deadlineMs);
        ttlMs = rule.windowSeconds * 1000;
      }
      return { allowed: count <= rule.limit, retryAfterSeconds: ttlMs / 1000 };
    },
    async peek(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const redisKey = `rl:${key}`;
      const [[, count], [, ttl]] = (await withDeadline(
        redis.multi().get(redisKey).pttl(redisKey).exec(),
        deadlineMs,
      )) as [[null, string | null], [null, number]];
      if (count === null || ttl < 0) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: Number(count) < rule.limit, retryAfterSeconds: ttl / 1000 };
    },
  };
  return {
    async hit(key, rule) {
      if (usable()) {
        try {
          return await shared.hit(key, rule);
        } catch (error) {
          trip(error);
        }
      } else if (redis.status !== 'connecting' || open) {
        trip(new Error(`Redis connection is ${redis.status}`));
      }
      return fallback.hit(key, rule);
    },
    async peek(key, rule) {
      if (usable()) {
        try {
          return await shared.peek(key, rule);
        } catch (error) {
          trip(error);
        }
      }
      return fallback.peek(key, rule);
    },
    async reset(key) {
      await fallback.reset(key);
      if (!usable()) return;
      await withDeadline(redis.del(`rl:${key}`), deadlineMs).catch(trip);
    },
    redisState: () => (usable() ? 'up' : 'down'),
    async close() {
      closed = true;
      clearTimeout(probe);
      redis.disconnect();
      await fallback.close();
    },
  };
}

/** Rejects when the promise has not settled within ms; its late outcome is dropped. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  promise.catch(() => undefined);
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
