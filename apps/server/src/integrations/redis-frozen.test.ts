import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

function hasRedisServer() {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A Redis of this test's own (never the shared one): it is frozen with SIGSTOP, as a hung host looks. */
async function ownRedis() {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', check);
    child.on('exit', () => reject(new Error(`redis-server exited:\n${output}`)));
  });
  return { port, child };
}

const available = hasRedisServer();
if (!available) console.warn('redis-server is not installed: the frozen-Redis test is skipped');

describe.runIf(available)('a frozen Redis', () => {
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  let t: TestApp;
  beforeAll(async () => {
    redis = await ownRedis();
    t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${redis.port}` });
  });
  afterAll(async () => {
    await t?.close();
    if (redis?.child.pid) {
      redis.child.kill('SIGCONT');
      redis.child.kill('SIGKILL');
    }
  });

  const health = async () => (await t.request({ method: 'GET', url: '/api/health' })).json();

  it('costs sign-in less than a second, health says degraded, and Redis counts again once it answers', async () => {
    await expect.poll(health).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
    await t.signIn('investor@example.com');

    redis.child.kill('SIGSTOP');
    try {
      for (let i = 0; i < 3; i += 1) {
        const started = performance.now();
        await t.signIn('investor@example.com');
        expect(performance.now() - started).toBeLessThan(1000);
      }
      const started = performance.now();
      const wrong = await t.request({
        method: 'POST',
        url: '/api/v1/authenticate',
        payload: { login: 'investor@example.com', password: 'Wrong1234' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(await health()).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });
    } finally {
      redis.child.kill('SIGCONT');
    }
    await expect.poll(health).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
    await t.signIn('investor@example.com');
  });
});
