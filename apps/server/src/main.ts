import { buildApp } from './app.ts';
import { createContext } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startAdminChannel, startBackupSchedule } from './db/backup.ts';
import { acquireEmbeddedLock, type EmbeddedLock, EmbeddedLockError } from './db/embedded-lock.ts';
import { MigrationChecksumError } from './db/migrate.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { DEMO_ACCOUNTS } from './demo/accounts.ts';
import { databaseFileStore } from './integrations/file-store.ts';
import { startUploadSweep } from './integrations/upload-sweep.ts';
import { createLogger } from './logger.ts';
import { MetricsListenError } from './metrics.ts';
import { startOutboxWorker } from './modules/outbox/outbox.ts';
import { startStatementScheduler } from './modules/statements/service.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The embedded database has one writer: refuse to start while another server or a command holds it.
  let lock: EmbeddedLock | null = null;
  if (!config.databaseUrl) {
    try {
      lock = acquireEmbeddedLock(config.dataDir, 'server');
    } catch (error) {
      if (error instanceof EmbeddedLockError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const logger = createLogger(config);
  // A promise nobody awaited must not end a server that serves everyone else; it is a bug to log, not a crash.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  let ctx: Awaited<ReturnType<typeof createContext>>;
  try {
    ctx = await createContext(config, logger);
  } catch (error) {
    lock?.release();
    if (error instanceof MigrationChecksumError) failToStart(error.message);
    failToStart(
      isDatabaseUnavailable(error)
        ? `the database ${databaseHost(config.databaseUrl)} cannot be reached (${describe(error)}); check DATABASE_URL and that PostgreSQL runs`
        : `the database could not be prepared (${describe(error)})`,
    );
  }
  const app = await buildApp(ctx, { logger: logger });
  const worker = startOutboxWorker(ctx, logger);
  ctx.outbox.nudge = worker.nudge;
  const sweep = startUploadSweep(databaseFileStore(ctx.database.db), logger);
  // The embedded store is backed up by the process that holds it: `npm run backup` asks it on a local channel.
  const adminChannel = lock
    ? await startAdminChannel(ctx.database, config.dataDir, logger).catch((error: unknown) => {
        logger.warn({ err: error }, 'no admin channel: npm run backup works only with the server stopped');
        return null;
      })
    : null;
  if (config.backup && !lock)
    logger.warn('BACKUP_DIR is for the embedded database; back PostgreSQL up with pg_dump (README, Backups)');
  const backups =
    config.backup && lock ? startBackupSchedule(ctx.database, config.dataDir, config.backup, logger) : null;
  const statements = config.statements ? startStatementScheduler(ctx, logger) : null;

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    // Requests in flight (a long import) get SHUTDOWN_GRACE_SECONDS to finish; then the process ends anyway.
    const force = setTimeout(() => {
      logger.error(`shutdown took longer than ${config.shutdownGraceSeconds} s; exiting`);
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000);
    force.unref();
    try {
      // Stops accepting connections and waits for the requests in flight, then the worker and the database.
      await app.close();
      await statements?.stop();
      await worker.stop();
      await sweep.stop();
      await backups?.stop();
      await adminChannel?.close();
      await ctx.limiter.close();
      ctx.mailer.close();
      await ctx.database.close();
      lock?.release();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (error instanceof MetricsListenError)
      failToStart(`${error.message}; check METRICS_PORT and METRICS_HOST`);
    failToStart(`cannot listen on ${config.host}:${config.port} (${describe(error)}); check PORT and HOST`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const database = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const accounts = config.demoData
    ? `\n  Demo accounts:\n${DEMO_ACCOUNTS.map((a) => `    ${a.login.padEnd(22)} ${a.password.padEnd(10)} ${a.descriptionEn}`).join('\n')}`
    : '';
  process.stdout.write(
    `\n  Investor portal is running at ${url}\n  Database: ${database}${config.apiDocs ? `\n  API docs: ${url}/api/docs` : ''}${accounts}\n\n`,
  );
}

/** One line on stderr and exit code 1: an operator reads what to fix, not a stack trace. */
function failToStart(reason: string): never {
  console.error(`Cannot start: ${reason}`);
  process.exit(1);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const inner = error instanceof AggregateError ? error.errors.find((e) => e instanceof Error) : undefined;
  const text = error.message || (inner instanceof Error ? inner.message : '');
  return [code && !text.includes(code) ? code : '', text].filter(Boolean).join(': ').replace(/\s+/g, ' ');
}

/** host:port/name of a postgres:// URL, without the credentials. */
function databaseHost(url: string | undefined): string {
  if (!url) return '(embedded)';
  const parsed = new URL(url);
  return `at ${parsed.host}${parsed.pathname}`;
}

// Started as the entry (`node src/main.ts`); imported, it only loads (src/warm-compile-cache.ts fills the cache so).
if (import.meta.main) main().catch((error) => failToStart(describe(error)));
