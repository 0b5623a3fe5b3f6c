import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = path.join(import.meta.dirname, 'main.ts');

/** Starts `node src/main.ts` as `npm start` does and waits for the printed URL. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, url, output: () => output };
}

function exitOf(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('npm start', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('migrates and seeds a fresh data folder, prints the URL and the demo accounts, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-main-'));
    dirs.push(dataDir);
    const server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).toContain('investor@example.com');
    expect(server.output()).toContain('Investor1');
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);

    const signIn = await fetch(`${server.url}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'demo@example.com', password: 'Demo1234' }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };

    const exited = exitOf(server.child);
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    // The data folder keeps the database: a second start neither migrates nor seeds again, and the token
    // signed with the kept secret still works.
    const again = await startServer({ DATA_DIR: dataDir });
    const profile = await fetch(`${again.url}/api/v1/users/data-profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { id: number }).id).toBe(1223);
    const stopped = exitOf(again.child);
    again.child.kill('SIGINT');
    expect(await stopped).toBe(0);
  }, 120_000);

  it('refuses to start with an invalid configuration and says why', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    expect(await exitOf(child)).toBe(1);
    expect(stderr).toContain('PORT');
  });
});
