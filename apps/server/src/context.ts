import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import type { Captcha } from './integrations/captcha.ts';
import type { DiskMonitor } from './integrations/disk.ts';
import type { FileStore } from './integrations/file-store.ts';
import type { Mailer } from './integrations/mail.ts';
import type { RateLimiter } from './integrations/rate-limiter.ts';
import type { SmsSender } from './integrations/sms.ts';
import type { Metrics } from './metrics.ts';

/** What every module's service receives: the configuration and the outside world. */
export type AppContext = {
  config: Config;
  database: Database;
  captcha: Captcha;
  /** DATA_DIR's disk: free space, and writes that failed for space (health; the error handler's 507). */
  disk: DiskMonitor;
  files: FileStore;
  limiter: RateLimiter;
  mailer: Mailer;
  sms: SmsSender;
  /** Prometheus counters and histograms (metrics.ts); served only where METRICS_PORT is set. */
  metrics: Metrics;
  /** Wakes the outbox worker after a request wrote a message; a no-op until the worker runs. */
  outbox: { nudge(): void };
};
