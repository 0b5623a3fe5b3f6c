/**
 * `npm run restore -- <file>`: restores a backup made by `npm run backup` into DATA_DIR, which must be empty (or not
 * exist yet): the file is checked end to end first, and a non-empty folder is refused, so no database is ever
 * overwritten. Then `npm start` serves the restored data. With DATABASE_URL it refuses: PostgreSQL is restored with
 * pg_restore. Exits 1, the folder left empty, on any failure.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, restoreBackup } from '../db/backup.ts';

function fail(text: string): never {
  console.error(`Restore failed: ${text}`);
  process.exit(1);
}

const [file] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: npm run restore -- <file>');
  process.exit(2);
}
let config: ReturnType<typeof loadConfig>;
try {
  // Without JWT_SECRET the configuration would write a new signing secret into DATA_DIR, which must stay empty
  // for the restore (the backup brings the secret it was made with).
  config = loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET ?? 'r'.repeat(32) });
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (config.databaseUrl)
  fail(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore (README, Backups); this command is for the embedded database',
  );
const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
try {
  const { createdAt } = await restoreBackup(source, config.dataDir);
  console.log(`Restored the backup of ${createdAt} into ${config.dataDir}: start the server with npm start.`);
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  fail(error instanceof Error ? error.message : String(error));
}
