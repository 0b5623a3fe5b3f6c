import pino from 'pino';
import { buildApp } from './app.ts';
import { createContext } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './demo/accounts.ts';
import { REDACTED_PATHS } from './logger.ts';
import { startOutboxWorker } from './modules/outbox/outbox.ts';

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
  const logger = pino({ level: config.logLevel, redact: REDACTED_PATHS });
  const ctx = await createContext(config, logger);
  const app = await buildApp(ctx, { logger: logger });
  const worker = startOutboxWorker(ctx, logger);
  ctx.outbox.nudge = worker.nudge;

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      // Stops accepting connections and waits for the requests in flight, then the worker and the database.
      await app.close();
      await worker.stop();
      await ctx.limiter.close();
      ctx.mailer.close();
      await ctx.database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const database = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const accounts = config.demoData
    ? `\n  Demo accounts:\n${DEMO_ACCOUNTS.map((a) => `    ${a.login.padEnd(22)} ${a.password.padEnd(10)} ${a.descriptionEn}`).join('\n')}`
    : '';
  process.stdout.write(
    `\n  Investor portal is running at ${url}\n  Database: ${database}\n  API docs: ${url}/api/docs${accounts}\n\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
