import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PINNED_TODAY } from '../../apps/server/src/test/pinned-today.ts';

const ROOT = path.join(import.meta.dirname, '../..');

/** The browser tests run against the built client, built once here; screenshots go to e2e/artifacts. */
export default function setup() {
  // Every command a test runs (the portal, `npm run admin`) counts "today" from the one pinned date.
  process.env.PORTAL_TODAY = PINNED_TODAY;
  mkdirSync(path.join(ROOT, 'e2e/artifacts'), { recursive: true });
  if (process.env.E2E_SKIP_BUILD && existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) return;
  // Vitest sets NODE_ENV=test, which would give a development build of React: test what users get.
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
