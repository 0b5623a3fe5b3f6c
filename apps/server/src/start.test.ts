import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedLockFile } from './db/embedded-lock.ts';
import { startEnvironment, startFlags, startPreload } from './start-flags.ts';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const MAIN = path.join(import.meta.dirname, 'main.ts');

/** The environment of a child without the suite's database and mail settings. */
function childEnv(extra: Record<string, string>) {
  const { DATABASE_URL: _db, SMTP_URL: _smtp, REDIS_URL: _redis, ...inherited } = process.env;
  return { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...extra };
}

function collect(child: ChildProcess) {
  const out = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk) => {
    out.stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    out.stderr += chunk;
  });
  return out;
}

function exitOf(child: ChildProcess) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
}

async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// Process-level behaviour, the same on either store: run once, in the pglite project.
describe.skipIf(process.env.TEST_DB === 'postgres')('the server process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("names the start script's preload as a file that exists, for the benches that start the server themselves", () => {
    expect(startPreload()).toEqual(['--import', path.join(import.meta.dirname, 'compile-cache.js')]);
    expect(existsSync(startPreload()[1] ?? '')).toBe(true);
  });

  it("loads the server's modules without Node's TypeScript stripper once npm start has warmed the compile cache", async () => {
    // The compile cache lives in the temporary folder: a folder of the test's own starts it empty.
    const temporary = await mkdtemp(path.join(tmpdir(), 'portal-compile-cache-'));
    dirs.push(temporary);
    const run = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, args, {
          cwd: path.join(import.meta.dirname, '..'),
          env: { ...childEnv({}), TMPDIR: temporary },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const out = collect(child);
        void exitOf(child).then(({ code }) =>
          code === 0 ? resolve(out.stdout.trim()) : reject(new Error(`exit ${code}: ${out.stderr}`)),
        );
      });
    // What the server process has loaded once main.ts's module graph is in (imported, main.ts does not start).
    const loadedStripper = () =>
      run([
        ...startFlags(),
        ...startPreload(),
        '--input-type=module',
        '--eval',
        `await import(${JSON.stringify(pathToFileURL(MAIN).href)});
         console.log(process.moduleLoadList.some((name) => name.includes('amaro')) ? 'stripper' : 'none');`,
      ]);
    expect(await loadedStripper()).toBe('stripper');
    // The warm step of the root start script, as package.json names it.
    const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    const [node, ...warm] = (manifest.scripts['warm-compile-cache'] as string).split(' ');
    expect(node).toBe('node');
    // The server's flags are part of the cache's key: the test's check runs with them, as the server does.
    expect(startFlags().length).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start).toContain(
      'npm run warm-compile-cache --workspace apps/server && ',
    );
    await run(warm);
    expect(await loadedStripper()).toBe('none');
  });

  it('says why and starts anyway when the compile cache cannot be written', async () => {
    const temporary = await mkdtemp(path.join(tmpdir(), 'portal-compile-cache-'));
    dirs.push(temporary);
    // A file where the cache's folder would go: Node cannot make the folder.
    const notAFolder = path.join(temporary, 'not-a-folder');
    await writeFile(notAFolder, '');
    const child = spawn(
      process.execPath,
      [...startFlags(), ...startPreload(), '--input-type=module', '--eval', "console.log('started')"],
      { env: { ...childEnv({}), TMPDIR: notAFolder }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const out = collect(child);
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
    expect(out.stdout.trim()).toBe('started');
    expect(out.stderr).toContain("Node's compile cache is off");
    expect(out.stderr).toContain('TMPDIR');
  });

  it('npm start passes SIGTERM on to the server, which stops cleanly', async () => {
    // The root script as npm runs it (sh -c), without the web build it starts with.
    const script: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
    const build = 'npm run build --workspace apps/web && ';
    expect(script.startsWith(build)).toBe(true);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-start-'));
    dirs.push(dataDir);
    const child = spawn('sh', ['-c', `true && ${script.slice(build.length)}`], {
      cwd: ROOT,
      env: childEnv({ DATA_DIR: dataDir, DEMO_DATA: 'false', PORT: '0', HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = collect(child);
    const exited = exitOf(child);
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start:\n${out.stdout}${out.stderr}`)),
        90_000,
      );
      child.stdout?.on('data', () => {
        const match = /running at (http:\/\/localhost:\d+)/.exec(out.stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      void exited.then(() => reject(new Error(`exited before it started:\n${out.stdout}${out.stderr}`)));
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const serverPid = JSON.parse(readFileSync(embeddedLockFile(dataDir), 'utf8')).pid as number;
    expect(serverPid).not.toBe(child.pid);
    // The start script's environment (the C library's memory setting) reaches the server through npm's layers.
    const environ = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
    expect(startEnvironment()).toHaveProperty('GLIBC_TUNABLES');
    for (const [name, value] of Object.entries(startEnvironment()))
      expect(environ).toContain(`${name}=${value}`);

    // SIGTERM to the top of the tree only, as a container runtime or a service manager sends it.
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    // The server itself stopped (its lock released on a clean shutdown) and nothing listens any more.
    expect(existsSync(embeddedLockFile(dataDir))).toBe(false);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    expect(() => process.kill(serverPid, 0)).toThrow();
  }, 120_000);

  it.each([
    ['REDIS_URL', 'garbage'],
    ['SMTP_URL', 'not-a-url'],
    ['DATABASE_URL', 'postgres//no-scheme'],
    ['PUBLIC_URL', 'portal.test'],
    ['DB_STATEMENT_TIMEOUT_SECONDS', 'soon'],
    ['SHUTDOWN_GRACE_SECONDS', '-5'],
  ])('refuses %s=%s with one line naming it and exit code 1', async (name, value) => {
    const child = spawn(process.execPath, [MAIN], {
      env: childEnv({ DATA_DIR: path.join(tmpdir(), 'portal-never-created'), [name]: value }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = collect(child);
    expect((await exitOf(child)).code).toBe(1);
    const lines = out.stderr
      .split('\n')
      .filter((line) => line.trim() && !line.includes('ExperimentalWarning'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(lines[0]).not.toContain(value);
  });

  it('refuses an unreachable database with one line and exit code 1, no stack trace', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-start-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, [MAIN], {
      env: childEnv({
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://portal:secret@127.0.0.1:${await closedPort()}/portal`,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = collect(child);
    expect((await exitOf(child)).code).toBe(1);
    const lines = out.stderr.split('\n').filter((line) => line.trim());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start: the database at 127\.0\.0\.1:\d+\/portal cannot be reached/);
    expect(lines[0]).toContain('ECONNREFUSED');
    expect(lines[0]).not.toContain('secret');
  });
});
