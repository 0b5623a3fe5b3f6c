import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEnvironment, startFlags } from '../../apps/server/src/start-flags.ts';
import { PINNED_TODAY } from '../../apps/server/src/test/pinned-today.ts';
import { startSmtpServer } from '../../apps/server/src/test/smtp.ts';
import { TEST_WASM_FLAGS } from '../../apps/server/src/test/wasm-flags.ts';

const ROOT = path.join(import.meta.dirname, '../..');

export type PortalOptions = {
  /** false: an empty database, as a company's first production start has (default: the demo data). */
  demoData?: boolean;
  /** More settings for the server, e.g. NODE_ENV=production or another PORTAL_TODAY than the pinned date. */
  env?: Record<string, string>;
  /** A data folder prepared before the start (say, by `npm run admin`); removed at stop like a fresh one. */
  dataDir?: string;
};

/**
 * The real portal as `npm start` runs it, on a fresh database in a temporary folder (the demo data unless told
 * otherwise), delivering mail to a real SMTP server in the test; SMS go to its log (no gateway), where the tests
 * read the codes. The portal runs on the suites' pinned date (PORTAL_TODAY), so the demo data a test meets are the
 * same on every real day.
 */
export async function startPortal(options: PortalOptions = {}) {
  const smtp = await startSmtpServer();
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'portal-e2e-')));

  let output = '';
  // The embedded database of the temporary folder, whatever the shell has set.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    [...startFlags(), ...TEST_WASM_FLAGS, path.join(ROOT, 'apps/server/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...env,
        ...startEnvironment(),
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: options.demoData === false ? 'false' : 'true',
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'info',
        PORTAL_TODAY: PINNED_TODAY,
        // The monthly statements mail every demo owner on start; a test that wants them turns them on.
        STATEMENTS: 'false',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start:\n${output}`)), 90_000);
    const check = () => {
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => reject(new Error(`portal exited with ${code}:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  let stopping = false;
  // A server that dies under a test says why, instead of leaving the browser waiting.
  child.on('exit', (code) => {
    if (!stopping) console.error(`portal exited with ${code}; its last output:\n${output.slice(-4000)}`);
  });

  /** Waits for the log to hold what find() looks for: checked now and on each new line of output, never on a timer. */
  const waitFor = <T>(find: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        child.stderr?.off('data', check);
      };
      const check = () => {
        const found = find();
        if (found === undefined) return;
        stop();
        resolve(found);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      // Listeners added after the ones that append to `output`, so a check sees the chunk that woke it.
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      check();
    });

  return {
    url,
    dataDir,
    smtpUrl: smtp.url,
    /** The next mail to the address, waiting for it; answers the link it carries. */
    async linkFromMail(to: string, pathPrefix: '/activation/' | '/recovery/') {
      const mail = await smtp.waitForMail(to, 30_000);
      const match = new RegExp(`https?://[^\\s]+${pathPrefix}([A-Za-z0-9_-]+)`).exec(mail.text);
      if (!match?.[1]) throw new Error(`no link in the mail: ${mail.text}`);
      return { mail, token: match[1], path: `${pathPrefix}${match[1]}` };
    },
    /** The next mail to the address, waiting for it. */
    mail: (to: string) => smtp.waitForMail(to, 30_000),
    /** The newest six-digit code sent by SMS to the phone (+7XXXXXXXXXX), after `since` characters of the log. */
    async smsCode(phone: string, since = 0) {
      return waitFor(() => {
        const lines = output
          .slice(since)
          .split('\n')
          .filter((line) => line.includes('"sms"') && line.includes(phone));
        const text = lines.at(-1);
        return text ? /\b(\d{6})\b/.exec(text)?.[1] : undefined;
      }, `SMS to ${phone}`);
    },
    logLength: () => output.length,
    async stop() {
      stopping = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Portal = Awaited<ReturnType<typeof startPortal>>;
