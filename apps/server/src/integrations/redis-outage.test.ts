import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { redisRateLimiter } from './rate-limiter.ts';

/** A port where nothing listens (yet). */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => t?.close());

  it('sign-in works on per-instance counters and health says degraded with 200', async () => {
    const token = await t.signIn('investor@example.com');
    const profile = await t.request({ method: 'GET', url: '/api/v1/users/data-profile', token });
    expect(profile.statusCode).toBe(200);
    // A wrong password still answers as it should (the failure counted on this instance).
    const wrong = await t.request({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { login: 'investor@example.com', password: 'Wrong1234' },
    });
    expect(wrong.statusCode).toBe(401);
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });
  });
});

/** A TCP proxy to the real Redis that can be cut and restored, as a Redis restart looks to the portal. */
async function redisProxy(target: URL, port: number) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  return {
    async up() {
      server = createServer((socket) => {
        const upstream = createConnection(Number(target.port || 6379), target.hostname);
        sockets.add(socket).add(upstream);
        socket.pipe(upstream).pipe(socket);
        const close = () => {
          socket.destroy();
          upstream.destroy();
        };
        socket.on('error', close).on('close', close);
        upstream.on('error', close).on('close', close);
      });
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    },
    async down() {
      const closing = server;
      server = null;
      if (!closing) return;
      const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
  };
}

describe.runIf(process.env.TEST_REDIS_URL && process.env.TEST_DB !== 'postgres')(
  'Redis going away and coming back',
  () => {
    it('falls back to per-instance counters and returns to the shared ones', async () => {
      const target = new URL(process.env.TEST_REDIS_URL ?? '');
      const port = await freePort();
      const proxy = await redisProxy(target, port);
      const direct = new Redis(process.env.TEST_REDIS_URL ?? '');
      const warnings: string[] = [];
      const logger = {
        warn: (_obj: unknown, text: string) => warnings.push(text),
        info: () => undefined,
      } as unknown as Parameters<typeof redisRateLimiter>[1];
      const limiter = redisRateLimiter(`redis://127.0.0.1:${port}`, logger);
      const key = `outage:${randomBytes(4).toString('hex')}`;
      const rule = { limit: 100, windowSeconds: 60 };
      try {
        // Down from the start: every hit is allowed and counted here, with one warning.
        await vi.waitFor(() => expect(limiter.redisState()).toBe('down'), { timeout: 5000, interval: 50 });
        for (let i = 0; i < 3; i += 1) expect((await limiter.hit(key, rule)).allowed).toBe(true);
        expect(await direct.get(`rl:${key}`)).toBeNull();
        expect(warnings.filter((text) => text.includes('per-instance'))).toHaveLength(1);

        // Back: the shared counter in Redis counts again.
        await proxy.up();
        await vi.waitFor(() => expect(limiter.redisState()).toBe('up'), { timeout: 10_000, interval: 50 });
        await limiter.hit(key, rule);
        expect(await direct.get(`rl:${key}`)).toBe('1');

        // Away again: hits go on, on this instance.
        await proxy.down();
        await vi.waitFor(() => expect(limiter.redisState()).toBe('down'), { timeout: 10_000, interval: 50 });
        expect((await limiter.hit(key, rule)).allowed).toBe(true);
        expect(await direct.get(`rl:${key}`)).toBe('1');
        expect(warnings.filter((text) => text.includes('per-instance'))).toHaveLength(2);
      } finally {
        await limiter.close();
        await proxy.down();
        await direct.del(`rl:${key}`);
        direct.disconnect();
      }
    });
  },
);
