import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { startEnvironment, startFlags } from '../start-flags.ts';
import { TEST_WASM_FLAGS } from './wasm-flags.ts';

/**
 * Starts `node src/main.ts` as `npm start` does (on the embedded database unless env says otherwise) and waits for
 * the printed URL; output() is what it printed so far.
 */
export async function startServerProcess(env: Record<string, string>) {
  const base: Record<string, string | undefined> = { ...process.env };
  delete base.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [...startFlags(), ...TEST_WASM_FLAGS, path.join(import.meta.dirname, '..', 'main.ts')],
    {
      env: { ...base, ...startEnvironment(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', check);
    child.on('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, url, output: () => output };
}

/** SIGTERM, and the exit code once the process has ended. */
export async function stopServerProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}
