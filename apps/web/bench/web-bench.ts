/**
 * `npm run bench:web`: builds the web client, prints the initial JavaScript and CSS of `/login` and
 * `/dashboard/` (initial-js.ts), then runs Lighthouse (desktop preset, performance only) against the real portal
 * on the demo data in the Debian Chromium: `/login`, and `/dashboard/` signed in as the demo investor. Each page
 * runs BENCH_RUNS times (default 3) in a fresh browser profile, so no run finds another's cache; the medians are
 * printed with every run's figures. Each is measured twice: from the portal itself (HTTP/1.1) and through an HTTP/2
 * front, as a deployment serves it behind its TLS proxy (h2-front.ts; BENCH_FRONTS=direct or h2 for one). It
 * measures; it does not pass or fail. Goals: LCP ≤ 1.0 s, TBT ≤ 150 ms.
 * The runs start once the portal it started has compressed the client (as a portal that has been running has).
 *
 * The manifest (dist/.vite) is removed once read: the portal serves dist as it is.
 * BENCH_URL=http://host:port measures a portal already running (with the demo data) instead of starting one;
 * BENCH_SKIP_BUILD=1 measures the dist as it is; WEB_DIST_DIR (with BENCH_SKIP_BUILD) measures another build
 * (built with `--manifest`), served by the portal started here. Nothing is downloaded: the browser is /usr/bin/chromium
 * (or CHROMIUM_PATH).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { startEnvironment, startFlags, startPreload } from '../../server/src/start-flags.ts';
import { startHttp2Front } from './h2-front.ts';
import { initialSizes } from './initial-js.ts';

const ROOT = path.join(import.meta.dirname, '../../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const DEMO = { login: 'investor@example.com', password: 'Investor1' };

if (!process.env.BENCH_SKIP_BUILD) {
  execFileSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--manifest', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}\n`,
);
const dist = process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist');
for (const r of initialSizes(dist)) {
  console.log(
    `${r.route.padEnd(12)} initial JS ${r.js.gzipKB.toFixed(1)} KB gzipped in ${r.js.files} files ` +
      `(the entry and its preloads: ${r.entry.gzipKB.toFixed(1)} KB in ${r.entry.files}); ` +
      `CSS ${r.css.gzipKB.toFixed(1)} KB gzipped in ${r.css.files} files`,
  );
}
// The manifest has served its turn; the portal serves dist as it is.
await rm(path.join(dist, '.vite'), { recursive: true, force: true });

/**
 * The portal as `npm start` runs it (its flags, environment and preload), on a fresh embedded database with the demo
 * data, in a temporary folder.
 */
async function startPortal(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-web-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    [...startFlags(), ...startPreload(), path.join(ROOT, 'apps/server/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...env,
        ...startEnvironment(),
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the portal did not start:\n${output}`)), 300_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`the portal exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server compresses the built client once, in the background after it starts (brotli at quality 11 on both
 * cores for some seconds). The bench measures a portal that has been running, so it waits for the last copy: every
 * script and style sheet of 1 KB or more with its .gz beside it.
 */
async function waitForPrecompressed(root: string) {
  const assets = path.join(root, 'assets');
  const pending = async () => {
    const names = new Set(await readdir(assets));
    const left: string[] = [];
    for (const name of names)
      if (
        /\.(js|css)$/.test(name) &&
        (await stat(path.join(assets, name))).size >= 1024 &&
        !names.has(`${name}.gz`)
      )
        left.push(name);
    return left;
  };
  // Watched before the first look, so a copy written in between is not missed: every file written is a reason to
  // look again. The deadline only guards against a server that never finishes.
  await new Promise<void>((resolve, reject) => {
    const watcher = watch(assets);
    const finish = (error?: Error) => {
      clearTimeout(deadline);
      watcher.close();
      if (error) reject(error);
      else resolve();
    };
    const deadline = setTimeout(() => {
      void pending().then((left) =>
        finish(new Error(`the client was not precompressed: ${left.join(', ')}`)),
      );
    }, 300_000);
    const look = () =>
      void pending().then((left) => {
        if (left.length === 0) finish();
      }, finish);
    watcher.on('change', look);
    watcher.on('error', finish);
    look();
  });
}

/** What the login page stores on success (useSignedIn): the token, the roles and the current role. */
function signedIn(token: string) {
  localStorage.setItem('user_jwt_token', token);
  localStorage.setItem('user_role', JSON.stringify(['INVESTOR']));
  localStorage.setItem('user_current_role', 'INVESTOR');
}

type Figures = {
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  score: number;
  lcpElement?: string;
  mainThread?: string;
};

/**
 * One Lighthouse run in a fresh profile; `token` signs the page in (localStorage, as the login page does); `flags`
 * are the front's (its certificate).
 */
async function measure(url: string, token: string | undefined, flags: string[]): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [...CHROME_FLAGS, ...flags],
  });
  try {
    if (token) {
      // Set the token on the origin from a document that loads none of the client's code, then empty the cache.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate(signedIn, token);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // The signed-in run keeps the token it was given; the cache was emptied above.
        disableStorageReset: Boolean(token),
      },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    if (token && !lhr.finalDisplayedUrl.includes('/dashboard/'))
      throw new Error(`not signed in: ended on ${lhr.finalDisplayedUrl}`);
    return {
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      fcp: value('first-contentful-paint'),
      score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
      lcpElement: lcpElement(lhr.audits['lcp-breakdown-insight']?.details),
      mainThread: mainThread(lhr.audits['long-tasks']?.details, lhr.audits['bootup-time']?.details),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * The LCP element's selector and, as the trace observed them (unthrottled), its subparts: time to first byte, load
 * delay and duration (an image's), render delay; from Lighthouse's LCP breakdown insight.
 */
function lcpElement(details: unknown): string {
  type Row = { subpart?: string; duration?: number; selector?: string; type?: string; items?: Row[] };
  const items = (details as { items?: Row[] } | undefined)?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  const subparts = (items.find((item) => item.type === 'table')?.items ?? [])
    .map((row) => `${row.subpart} ${Number(row.duration).toFixed(0)}`)
    .join(', ');
  return `${node?.selector ?? '?'}${subparts ? ` (${subparts} ms)` : ''}`;
}

/**
 * What TBT is made of: the long tasks (50 ms or more, as Lighthouse's simulation times them, with the script each is
 * attributed to) and each script's evaluation and parse-and-compile time in the observed trace.
 */
function mainThread(longTasks: unknown, bootup: unknown): string {
  type Row = {
    url?: string;
    duration?: number;
    startTime?: number;
    scripting?: number;
    scriptParseCompile?: number;
  };
  const rows = (details: unknown) => (details as { items?: Row[] } | undefined)?.items ?? [];
  const file = (url = '') => url.split('/').pop() || url;
  const tasks = rows(longTasks)
    .map((t) => `${Number(t.duration).toFixed(0)} at ${Number(t.startTime).toFixed(0)} (${file(t.url)})`)
    .join(', ');
  const scripts = rows(bootup)
    .map((s) => `${file(s.url)} ${Number(s.scripting).toFixed(0)}+${Number(s.scriptParseCompile).toFixed(0)}`)
    .join(', ');
  return `long tasks, ms: ${tasks || 'none'}; scripts' evaluation+compile, ms: ${scripts || 'none'}`;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is repeated once, not counted. */
async function measureAgainOnTraceError(url: string, token: string | undefined, flags: string[]) {
  try {
    return await measure(url, token, flags);
  } catch (error) {
    if (!String(error).includes('NO_NAVSTART')) throw error;
    console.log(`${''.padEnd(15)}(Lighthouse recorded no trace; measuring again)`);
    return measure(url, token, flags);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const line = (f: Figures) =>
  `LCP ${(f.lcp / 1000).toFixed(2)} s, TBT ${f.tbt.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}, ` +
  `FCP ${(f.fcp / 1000).toFixed(2)} s, score ${f.score.toFixed(0)}`;

/**
 * When each API call of the signed-in `/dashboard/` is asked for, sent (over HTTP/1.1 it may wait for one of six
 * connections) and answered, and when the owner sees the statistics' figures, from the navigation's start (the
 * page's time origin, where Lighthouse's figures count from; no throttling), in a fresh browser each run: every
 * run's last answer and figures with their medians, and the first run's calls one by one. What went before the
 * navigation's start (the bench asking the browser to go, a fresh browser making the page's process) is printed
 * apart: a slow machine's share of it had been counted in every figure.
 */
async function callTimeline(url: string, token: string, flags: string[]) {
  type Call = { path: string; start: number; sent: number; end: number };
  type Run = { calls: Call[]; figures: number; beforeNavigation: number };
  const once = async (): Promise<Run> => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROME_FLAGS.filter((flag) => flag !== '--headless'), ...flags],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(signedIn, token);
      // The moment the figures are in the page (the block exists only with its answer), on the page's own clock.
      await context.addInitScript(() => {
        new MutationObserver((_changes, observer) => {
          if (!document.querySelector('[data-testid="dashboard-statistics"]')) return;
          Object.assign(window, { figuresShownAt: performance.timeOrigin + performance.now() });
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      const started = Date.now();
      // Each call's times in the epoch's milliseconds (Playwright's startTime, and its phases after it).
      const timings: Call[] = [];
      page.on('requestfinished', (request) => {
        const address = new URL(request.url());
        if (!address.pathname.startsWith('/api/v1/')) return;
        const timing = request.timing();
        timings.push({
          path: address.pathname.slice('/api/v1/'.length) + address.search,
          start: timing.startTime,
          sent: timing.startTime + timing.requestStart,
          end: timing.startTime + timing.responseEnd,
        });
      });
      await page.goto(`${url}/dashboard/`);
      await page.getByTestId('dashboard-statistics').waitFor();
      await page.waitForLoadState('networkidle');
      const { origin, shownAt } = await page.evaluate(() => ({
        origin: performance.timeOrigin,
        shownAt: (window as { figuresShownAt?: number }).figuresShownAt ?? NaN,
      }));
      const calls = timings.map((t) => ({
        path: t.path,
        start: t.start - origin,
        sent: t.sent - origin,
        end: t.end - origin,
      }));
      return {
        calls: calls.sort((a, b) => a.start - b.start),
        figures: shownAt - origin,
        beforeNavigation: origin - started,
      };
    } finally {
      await browser.close();
    }
  };
  const runs: Run[] = [];
  for (let i = 0; i < Math.max(RUNS, 1); i += 1) runs.push(await once());
  const last = runs.map(({ calls }) => Math.max(...calls.map((c) => c.end)));
  const figures = runs.map((run) => run.figures);
  const before = runs.map((run) => run.beforeNavigation);
  const list = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
  console.log(
    `\n/dashboard/ API calls (ms from the navigation's start, unthrottled): last answer median ${median(last).toFixed(0)} ` +
      `(runs: ${list(last)}); figures shown median ${median(figures).toFixed(0)} (runs: ${list(figures)}); ` +
      `before the navigation's start (the bench's goto to the page's time origin) median ${median(before).toFixed(0)} ` +
      `(runs: ${list(before)}); the first run (asked, sent, answered):`,
  );
  for (const c of runs[0]?.calls ?? [])
    console.log(
      `  ${c.start.toFixed(0).padStart(6)} ${c.sent.toFixed(0).padStart(6)} → ${c.end.toFixed(0).padStart(6)}  ${c.path}`,
    );
}

const portal = await startPortal();
if (!process.env.BENCH_URL) await waitForPrecompressed(dist);
try {
  const answer = await fetch(`${portal.url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const { token } = (await answer.json()) as { token?: string };
  if (!token) throw new Error(`could not sign in as ${DEMO.login}: ${answer.status}`);

  // The portal itself (HTTP/1.1), and through the front a deployment has (HTTP/2 over TLS; h2-front.ts).
  // BENCH_FRONTS=direct or h2 measures one.
  const fronts = (process.env.BENCH_FRONTS ?? 'direct,h2').split(',');
  for (const front of fronts) {
    const served =
      front === 'h2'
        ? await startHttp2Front(portal.url)
        : { url: portal.url, chromeFlags: [], stop: async () => {} };
    try {
      console.log(
        `\n${front === 'h2' ? 'HTTP/2 over TLS, through a front as a deployment has' : 'HTTP/1.1, the portal itself'}: ` +
          `Lighthouse ${RUNS}× a page, desktop preset, ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
      );
      for (const [route, signedIn] of [
        ['/login', false],
        ['/dashboard/', true],
      ] as const) {
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i += 1)
          runs.push(
            await measureAgainOnTraceError(
              `${served.url}${route}`,
              signedIn ? token : undefined,
              served.chromeFlags,
            ),
          );
        const med: Figures = {
          lcp: median(runs.map((r) => r.lcp)),
          tbt: median(runs.map((r) => r.tbt)),
          cls: median(runs.map((r) => r.cls)),
          fcp: median(runs.map((r) => r.fcp)),
          score: median(runs.map((r) => r.score)),
        };
        console.log(`${route.padEnd(12)} median: ${line(med)}`);
        for (const r of runs)
          console.log(
            `${''.padEnd(12)}   run: ${line(r)}\n${''.padEnd(19)}LCP element ${r.lcpElement}\n` +
              `${''.padEnd(19)}${r.mainThread}`,
          );
      }
      await callTimeline(served.url, token, served.chromeFlags);
    } finally {
      await served.stop();
    }
  }
  console.log(
    `\nload average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (goals: LCP ≤ 1.0 s, TBT ≤ 150 ms)`,
  );
} finally {
  await portal.stop();
}
