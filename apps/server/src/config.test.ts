import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(40) };

describe('configuration', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 8080,
      demoData: true,
      captcha: null,
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
    });
  });

  it('stops on a bad value and names it', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...base, DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
  });

  it('wants a real signing secret in production', () => {
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('turns captcha on only with both keys', () => {
    expect(() => loadConfig({ ...base, CAPTCHA_SECRET: 'secret' })).toThrow(/CAPTCHA/);
    expect(loadConfig({ ...base, CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k' }).captcha).toMatchObject({
      secret: 's',
      siteKey: 'k',
    });
  });

  it("pins the portal's date only to a real calendar date", () => {
    expect(loadConfig(base).portalToday).toBeUndefined();
    expect(loadConfig({ ...base, PORTAL_TODAY: '2028-02-29' }).portalToday).toBe('2028-02-29');
    for (const bad of ['2027-02-29', '26.11.2026', '2026-11-26T10:00', 'today'])
      expect(() => loadConfig({ ...base, PORTAL_TODAY: bad })).toThrow(
        /PORTAL_TODAY: expected a calendar date/,
      );
  });

  it('sizes the pool and limits lock waits, within sane bounds', () => {
    expect(loadConfig(base)).toMatchObject({
      databasePoolSize: 10,
      databaseTimeouts: { connect: 5, statement: 60, idleInTransaction: 60, lock: 5 },
    });
    const tuned = loadConfig({ ...base, DB_POOL_SIZE: '40', DB_LOCK_TIMEOUT_SECONDS: '0.5' });
    expect(tuned.databasePoolSize).toBe(40);
    expect(tuned.databaseTimeouts.lock).toBe(0.5);
    for (const bad of ['0', '-1', '2.5', 'ten'])
      expect(() => loadConfig({ ...base, DB_POOL_SIZE: bad })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ ...base, DB_LOCK_TIMEOUT_SECONDS: '-1' })).toThrow(/DB_LOCK_TIMEOUT_SECONDS/);
  });

  it('serves metrics only on a port of their own, and only when asked', () => {
    expect(loadConfig(base).metrics).toBeNull();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(() => loadConfig({ ...base, METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });
});
