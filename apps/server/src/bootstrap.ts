import path from 'node:path';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './demo/seed.ts';
import { disabledCaptcha, smartCaptcha } from './integrations/captcha.ts';
import { diskFileStore } from './integrations/file-store.ts';
import { loggingMailer, smtpMailer } from './integrations/mail.ts';
import { memoryRateLimiter, redisRateLimiter } from './integrations/rate-limiter.ts';
import { httpSmsSender, loggingSmsSender } from './integrations/sms.ts';
import type { Logger } from './logger.ts';

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
    }));
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  const files = diskFileStore(path.join(config.dataDir, 'files'));
  if (config.demoData && (await seedDemoData(database, new Date(), files))) logger.info('demo data loaded');
  return {
    config,
    database,
    captcha: config.captcha ? smartCaptcha(config.captcha, logger) : disabledCaptcha(),
    files,
    limiter: config.redisUrl ? redisRateLimiter(config.redisUrl) : memoryRateLimiter(),
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : loggingMailer(logger),
    sms: config.smsGatewayUrl
      ? httpSmsSender(config.smsGatewayUrl, config.smsGatewayToken)
      : loggingSmsSender(logger),
    outbox: { nudge: () => undefined },
  };
}
