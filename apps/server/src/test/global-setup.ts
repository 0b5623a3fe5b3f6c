import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemoData } from '../demo/seed.ts';
import { databaseFileStore } from '../integrations/file-store.ts';
import { pinnedNow } from './pinned-today.ts';

/** Where each test's database starts from: migrated and seeded once per run, copied for every test file. */
export type TestTemplate = {
  /** PGlite: a `dumpDataDir` tarball of the seeded database. */
  pgliteDump?: string;
  /** PostgreSQL: the seeded database to `CREATE DATABASE … TEMPLATE` from. */
  postgresTemplate?: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
  }
}

/**
 * Builds the seeded template once per project and run, on the pinned date (harness.ts pins the apps to it too): a fresh PGlite costs seconds of initdb and the demo seed
 * another second, which every test file paid before. Each test file now loads the template in a fraction of that.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(tmpdir(), 'portal-template-'));
  const now = pinnedNow();

  if (project.name === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `portal_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await migrate(database);
      // The demo's files (documents) live in the database like every file, so the copy carries them.
      await seedDemoData(database, now, databaseFileStore(database.db));
    } finally {
      await database.close();
    }
    project.provide('testTemplate', { postgresTemplate: name });
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(root, { recursive: true, force: true });
    };
  }

  const dataDir = path.join(root, 'data');
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
    await seedDemoData(database, now, databaseFileStore(database.db));
  } finally {
    await database.close();
  }
  // Reopened raw, since the dump is PGlite's own format; 'none' skips gzip, which loads faster.
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const pgliteDump = path.join(root, 'pglite.tar');
  await writeFile(pgliteDump, Buffer.from(await dump.arrayBuffer()));
  await rm(dataDir, { recursive: true, force: true });
  project.provide('testTemplate', { pgliteDump });
  return () => rm(root, { recursive: true, force: true });
}

async function adminQuery(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
