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
});
