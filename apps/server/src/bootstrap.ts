import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/connection.ts';
import { applyMigrations } from './db/migrate.ts';
import { seedDemoData } from './demo/seed.ts';
import { disabledCaptcha, smartCaptcha } from './integrations/captcha.ts';
import { diskMonitor } from './integrations/disk.ts';
import { openFileStore } from './integrations/file-store.ts';
import { loggingMailer, smtpMailer } from './integrations/mail.ts';
import { memoryRateLimiter, redisRateLimiter } from './integrations/rate-limiter.ts';
import { httpSmsSender, loggingSmsSender } from './integrations/sms.ts';
import type { Logger } from './logger.ts';
import { createMetrics } from './metrics.ts';
import { outboxCounts } from './modules/outbox/outbox.ts';
import { portalNow } from './shared/clock.ts';

/** Opens the database, migrates it, seeds the demo data when asked, and wires the integrations. */
export async function createContext(
  config: Config,
  logger: Logger,
  options: { database?: Database; inMemory?: boolean } = {},
): Promise<AppContext> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: options.inMemory ?? false,
      timeouts: config.databaseTimeouts,
      poolSize: config.databasePoolSize,
      onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
    }));
  // Migrations, the files moved in and the demo seed under one lock: instances starting together on an empty
  // database wait for the first one, then find the schema current and the data there, so all of them come up.
  const files = await database.withMigrationLock(async () => {
    const applied = await applyMigrations(database);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const store = await openFileStore(database.db, config.dataDir, logger);
    if (config.demoData && (await seedDemoData(database, portalNow(config.portalToday), store)))
      logger.info('demo data loaded');
    return store;
  });
  return {
    config,
    database,
    captcha: config.captcha ? smartCaptcha(config.captcha, logger) : disabledCaptcha(),
    disk: diskMonitor(config.dataDir),
    files,
    limiter: config.redisUrl ? redisRateLimiter(config.redisUrl, logger) : memoryRateLimiter(),
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : loggingMailer(logger),
    sms: config.smsGatewayUrl
      ? httpSmsSender(config.smsGatewayUrl, config.smsGatewayToken)
      : loggingSmsSender(logger),
    outbox: { nudge: () => undefined },
    metrics: createMetrics({
      database,
      outbox: () => outboxCounts(database.db),
      withDefaults: config.metrics !== null,
    }),
  };
}
