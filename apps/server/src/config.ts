import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isCalendarDate } from './shared/clock.ts';

/**
 * PostgreSQL connections of one instance by default. An instance runs its requests on one thread, and the portal's
 * statements take about a millisecond: more than ten at once add no answers a second, and where the database shares
 * the machine its backends then take the cores from the instance's thread (a mixed load at 100 connections on two
 * cores: the event loop's delay p99 29–39 ms with 20, 20–22 ms with 10; docs/performance.md).
 */
export const DEFAULT_POOL_SIZE = 10;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A URL of one of these schemes with a host, e.g. `redis://host:6379`. */
const urlWithScheme = (schemes: string[], example: string) =>
  z.string().refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return schemes.includes(url.protocol.replace(/:$/, '')) && url.hostname !== '';
    },
    { message: `expected a ${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL, e.g. ${example}` },
  );

/** Seconds, fractions allowed; 0 turns the limit off where the variable says so. */
const seconds = (fallback: number) => z.coerce.number().min(0).max(86_400).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: urlWithScheme(['http', 'https'], 'https://portal.example.com')
    .optional()
    .describe('Address of the portal in links sent by e-mail'),
  // The server's own folder, wherever the command runs from (npm start and npm run import agree).
  DATA_DIR: z.string().default(path.join(import.meta.dirname, '..', 'data')),
  DATABASE_URL: urlWithScheme(
    ['postgres', 'postgresql'],
    'postgres://user:password@host:5432/portal',
  ).optional(),
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(5),
  DB_STATEMENT_TIMEOUT_SECONDS: seconds(60),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: seconds(60),
  // A request waiting for a lock (a table another session holds) gives up after this, answering 503 to its own
  // caller instead of holding a pool connection others need; migrations wait as long as they must. 0: no limit.
  DB_LOCK_TIMEOUT_SECONDS: seconds(5),
  // PostgreSQL connections of one instance; each instance needs its share of the server's max_connections.
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_SIZE),
  // Prometheus metrics on a listener of their own (never the public port); unset: no metrics listener.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(86_400).default(30),
  // Default: true outside production, false in production (see loadConfig), so a real deployment starts empty.
  DEMO_DATA: booleanFlag.optional().describe('Fill an empty database with the demo data on start'),
  // The OpenAPI description and its page at /api/docs; default: on outside production, off in production.
  API_DOCS: booleanFlag.optional(),
  // The owners' monthly statements made on the company's day (modules/statements); off for a server that must not.
  STATEMENTS: booleanFlag.default(true),
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  // How long a signed-in user's read answer may be reused (http/response-cache.ts); 0 turns it off.
  RESPONSE_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  STAFF_REQUIRE_SECOND_FACTOR: booleanFlag.optional(),
  SMTP_URL: urlWithScheme(['smtp', 'smtps'], 'smtp://user:password@mail.example.com:587').optional(),
  MAIL_FROM: z.string().default('Личный кабинет инвестора <no-reply@localhost>'),
  SMS_GATEWAY_URL: urlWithScheme(['http', 'https'], 'https://sms.example.com/send').optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_VALIDATE_URL: urlWithScheme(
    ['http', 'https'],
    'https://smartcaptcha.yandexcloud.net/validate',
  ).default('https://smartcaptcha.yandexcloud.net/validate'),
  REDIS_URL: urlWithScheme(['redis', 'rediss'], 'redis://127.0.0.1:6379').optional(),
  TRUST_PROXY: booleanFlag.default(false),
  // The camera proxy connects only to public addresses; these host names (comma-separated, e.g. a camera server on
  // the company's own network) may resolve to loopback, link-local or private ones too.
  CAMERA_PROXY_ALLOWED_HOSTS: z
    .string()
    .default('')
    .describe('Camera hosts the proxy may reach on internal addresses, comma-separated'),
  PORTAL_TODAY: z
    .string()
    .refine(isCalendarDate, { message: 'expected a calendar date yyyy-mm-dd, e.g. 2026-11-26' })
    .optional()
    .describe("Pin the portal's date (Moscow) for demos and tests; unset in production"),
  // Scheduled backups of the embedded database (db/backup.ts); off while BACKUP_DIR is unset.
  BACKUP_DIR: z.string().optional().describe('Folder for scheduled backups of the embedded database'),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seconds (PostgreSQL): connect, statement, idle in transaction, a request's wait for a lock (0: none). */
  databaseTimeouts: { connect: number; statement: number; idleInTransaction: number; lock: number };
  /** PostgreSQL connections this instance opens at most. */
  databasePoolSize: number;
  /** Where the Prometheus text is served (GET /metrics); null: nowhere. */
  metrics: { port: number; host: string } | null;
  /** Seconds SIGTERM waits for requests in flight (a long import) before the process ends anyway. */
  shutdownGraceSeconds: number;
  demoData: boolean;
  /** Serve the OpenAPI description and its page at /api/docs. */
  apiDocs: boolean;
  /** Make the owners' statements on the company's day of the month (every instance may; each is made once). */
  statements: boolean;
  jwtSecret: string;
  sessionTtlDays: number;
  /** A session unused this long ends (beside the absolute sessionTtlDays). */
  sessionIdleHours: number;
  /** Seconds a cached read answer lives at most (writes drop it sooner); 0: no answer cache. */
  responseCacheSeconds: number;
  /** Managers and admins must turn a second factor on before the console answers them (default: production). */
  staffRequireSecondFactor: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  captcha: { secret: string; siteKey: string; validateUrl: string } | null;
  redisUrl: string | undefined;
  trustProxy: boolean;
  /** Host names (lowercase) the camera proxy may reach on loopback, link-local or private addresses. */
  cameraProxyAllowedHosts: string[];
  logLevel: string;
  /** Scheduled backups of the embedded database: into dir every everyHours, the newest keep kept; null: none. */
  backup: { dir: string; everyHours: number; keep: number } | null;
  webDistDir: string;
  /** A pinned Moscow date (yyyy-mm-dd) the business "today" reads (shared/clock.ts); undefined: the real clock. */
  portalToday: string | undefined;
};

export class ConfigError extends Error {}

/** Parses and validates every environment variable the server reads; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // One line, every bad variable named, the values left out (a URL may carry a password).
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET (at least 32 characters) is required in production');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'METRICS_PORT must differ from PORT: the metrics are never served on the public port',
    );
  }
  if (Boolean(e.CAPTCHA_SECRET) !== Boolean(e.CAPTCHA_SITE_KEY)) {
    throw new ConfigError('CAPTCHA_SECRET and CAPTCHA_SITE_KEY are set together or not at all');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connect: e.DB_CONNECT_TIMEOUT_SECONDS,
      statement: e.DB_STATEMENT_TIMEOUT_SECONDS,
      idleInTransaction: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS,
      lock: e.DB_LOCK_TIMEOUT_SECONDS,
    },
    databasePoolSize: e.DB_POOL_SIZE,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    statements: e.STATEMENTS,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    responseCacheSeconds: e.RESPONSE_CACHE_SECONDS,
    staffRequireSecondFactor: e.STAFF_REQUIRE_SECOND_FACTOR ?? e.NODE_ENV === 'production',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    captcha:
      e.CAPTCHA_SECRET && e.CAPTCHA_SITE_KEY
        ? { secret: e.CAPTCHA_SECRET, siteKey: e.CAPTCHA_SITE_KEY, validateUrl: e.CAPTCHA_VALIDATE_URL }
        : null,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    cameraProxyAllowedHosts: e.CAMERA_PROXY_ALLOWED_HOSTS.split(',')
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\]$/, '$1'),
      )
      .filter((host) => host !== ''),
    logLevel: e.LOG_LEVEL,
    backup: e.BACKUP_DIR
      ? { dir: path.resolve(e.BACKUP_DIR), everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP }
      : null,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    portalToday: e.PORTAL_TODAY,
  };
}

/** Outside production the signing secret is made once and kept in the data folder, so tokens survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
