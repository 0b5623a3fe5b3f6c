import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional().describe('Address of the portal in links sent by e-mail'),
  // The server's own folder, wherever the command runs from (npm start and npm run import agree).
  DATA_DIR: z.string().default(path.join(import.meta.dirname, '..', 'data')),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  DEMO_DATA: booleanFlag.default(true).describe('Fill an empty database with the demo data on start'),
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Личный кабинет инвестора <no-reply@localhost>'),
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_VALIDATE_URL: z.url().default('https://smartcaptcha.yandexcloud.net/validate'),
  REDIS_URL: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
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
  demoData: boolean;
  jwtSecret: string;
  sessionTtlDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  captcha: { secret: string; siteKey: string; validateUrl: string } | null;
  redisUrl: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
};

export class ConfigError extends Error {}

/** Parses and validates every environment variable the server reads; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET (at least 32 characters) is required in production');
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
    demoData: e.DEMO_DATA,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    sessionTtlDays: e.SESSION_TTL_DAYS,
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
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
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
