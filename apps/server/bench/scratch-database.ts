import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh PostgreSQL database for one bench run, made from an admin URL (BENCH_DATABASE_URL): its name, its URL and
 * `drop()`, which removes it (connections and all) when the run ends.
 */
export async function scratchDatabase(adminUrl: string) {
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asAdmin(`drop database if exists ${name} with (force)`) };
}
