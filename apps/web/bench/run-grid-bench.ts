/**
 * `npm run bench:grid`: renders a synthetic location of 500 units × 365 days in headless Chromium and prints the
 * time to first render, the DOM node count and the frame times while scrolling across the year. It measures; it
 * does not pass or fail. Targets: first render under 300 ms, under 5,000 DOM nodes, no frame over 50 ms.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.join(import.meta.dirname, '../dist-bench');
execFileSync(
  path.join(import.meta.dirname, '../../../node_modules/.bin/vite'),
  ['build', '--config', path.join(import.meta.dirname, 'vite.config.ts'), '--logLevel', 'warn'],
  { stdio: 'inherit' },
);

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer(async (request, response) => {
  const file = path.join(
    root,
    (request.url ?? '/').split('?')[0] === '/' ? 'grid.html' : ((request.url ?? '').split('?')[0] ?? ''),
  );
  try {
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(`http://127.0.0.1:${port}/grid.html`);
await page.waitForFunction(() => window.benchRendered !== undefined);
const firstRender = await page.evaluate(() => (window.benchRendered ?? 0) - window.benchStart);
const model = await page.evaluate(() => window.benchModel ?? 0);
const nodes = await page.evaluate(() => document.querySelectorAll('*').length);
const { frames, longFrames } = await page.evaluate(async () => {
  const grid = document.querySelector('[data-testid=booking-grid]') as HTMLElement;
  const times: number[] = [];
  // Long animation frames: the main thread's own work per frame (scripts, style, layout, paint), waiting for
  // the display's next refresh not included; Chromium reports every frame whose work took over 50 ms.
  const longFrames: number[] = [];
  // Only frames that begin once scrolling does: the first render's own frame is the first measure above.
  const scrollStart = performance.now();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.startTime >= scrollStart) longFrames.push(entry.duration);
  });
  observer.observe({ type: 'long-animation-frame', buffered: false });
  let last = scrollStart;
  const steps = 120;
  for (let i = 1; i <= steps; i += 1) {
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        grid.scrollLeft = (grid.scrollWidth - grid.clientWidth) * (i / steps);
        grid.scrollTop = (grid.scrollHeight - grid.clientHeight) * (i / steps);
        const now = performance.now();
        times.push(now - last);
        last = now;
        resolve();
      }),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return { frames: times.slice(1), longFrames };
});
const nodesWhileScrolled = await page.evaluate(() => document.querySelectorAll('*').length);
await browser.close();
server.close();

const sorted = [...frames].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
console.log('Booking grid: 500 units × 365 days, headless Chromium at 1440×900\n');
console.table([
  { measure: 'first render, ms', value: firstRender.toFixed(0), target: '< 300' },
  { measure: '  of which cell states, ms', value: model.toFixed(0), target: '' },
  { measure: 'DOM nodes after render', value: nodes, target: '< 5000' },
  { measure: 'DOM nodes after scrolling', value: nodesWhileScrolled, target: '< 5000' },
  { measure: 'frame interval p50, ms', value: at(0.5).toFixed(1), target: '' },
  { measure: 'frame interval p95, ms', value: at(0.95).toFixed(1), target: '' },
  { measure: 'longest frame interval, ms', value: (sorted.at(-1) ?? 0).toFixed(1), target: '' },
  { measure: 'frames whose work took over 50 ms', value: longFrames.length, target: '0' },
  { measure: 'longest frame work, ms', value: Math.max(0, ...longFrames).toFixed(1), target: '< 50' },
]);
