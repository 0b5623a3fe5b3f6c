import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createContext } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { CATALOGUE } from '../demo/catalogue.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';

async function admin(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** Rows and distinct rows of the tables a second seed would double (they have no natural unique key). */
async function counts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async (statement: string) => (await client.query(statement)).rows[0] as Record<string, number>;
  try {
    return {
      locations: (await one('select count(*)::int as n from locations')).n,
      news: await one('select count(*)::int as rows, count(distinct title)::int as uniq from news'),
      faq: await one('select count(*)::int as rows, count(distinct question)::int as uniq from faq'),
      users: (await one('select count(*)::int as n from users')).n,
      migrations: (await one('select count(*)::int as n from schema_migrations')).n,
    };
  } finally {
    await client.end();
  }
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('instances starting together', () => {
  const name = `portal_start_${randomBytes(6).toString('hex')}`;
  const dirs: string[] = [];
  const contexts: AppContext[] = [];
  afterAll(async () => {
    for (const ctx of contexts) {
      await ctx.limiter.close();
      await ctx.database.close();
    }
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('three instances on one empty database with demo data all come up, and the data is seeded once', async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const start = async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-start-'));
      dirs.push(dataDir);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        DEMO_DATA: 'true',
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
      });
      const ctx = await createContext(config, pino({ level: 'silent' }));
      contexts.push(ctx);
      return ctx;
    };
    const results = await Promise.allSettled([start(), start(), start()]);
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up'))).toEqual([
      'up',
      'up',
      'up',
    ]);
    // Seeded once: the catalogue's locations and the placeholder, no news or FAQ entry twice, every migration once.
    const seeded = await counts(url.toString());
    expect(seeded.locations).toBe(CATALOGUE.length + 1);
    expect(seeded.news.rows).toBeGreaterThan(0);
    expect(seeded.news.rows).toBe(seeded.news.uniq);
    expect(seeded.faq.rows).toBeGreaterThan(0);
    expect(seeded.faq.rows).toBe(seeded.faq.uniq);
    expect(seeded.migrations).toBe(
      readdirSync(path.join(import.meta.dirname, 'migrations')).filter((file) => file.endsWith('.sql'))
        .length,
    );
    expect(seeded.users).toBeGreaterThan(0);
    for (const ctx of contexts) await ctx.database.ping();
  }, 180_000);
});
