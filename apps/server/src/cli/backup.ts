/**
 * `npm run backup -- <file>`: a consistent copy of the embedded database of DATA_DIR (documents and photos are in
 * it) into a new file, while the server runs: the server that holds the database writes the copy (db/backup.ts);
 * with no server running the command opens the database itself. With DATABASE_URL it refuses: PostgreSQL is backed
 * up with pg_dump. Exits 1, the file not written, on any failure.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import {
  BackupError,
  backupStream,
  backupThroughServer,
  verifyBackupFile,
  writeBackupFile,
} from '../db/backup.ts';
import { openDatabase } from '../db/connection.ts';
import { acquireEmbeddedLock, EmbeddedLockError } from '../db/embedded-lock.ts';

function fail(text: string): never {
  console.error(`Backup failed: ${text}`);
  process.exit(1);
}

const [file] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: npm run backup -- <file>');
  process.exit(2);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (config.databaseUrl)
  fail(
    'DATABASE_URL is set: back PostgreSQL up with pg_dump (README, Backups); this command is for the embedded database',
  );
// npm runs scripts from the package folder; the file is named relative to where the command was typed.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
if (existsSync(target)) fail(`${target} exists: name a new file`);
if (!existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')))
  fail(`there is no embedded database in DATA_DIR ${config.dataDir}`);

try {
  if (!(await backupThroughServer(config.dataDir, target))) {
    // No server runs: open the database here, under its lock, as the other commands do.
    const lock = acquireEmbeddedLock(config.dataDir, 'npm run backup');
    try {
      const database = await openDatabase({ dataDir: config.dataDir });
      try {
        await writeBackupFile(target, await backupStream(database, config.dataDir));
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof EmbeddedLockError) fail(error.message);
  fail(error instanceof Error ? error.message : String(error));
}
const { header } = await verifyBackupFile(target);
console.log(
  `Backup written to ${target} (${(header.bytes / 1024 / 1024).toFixed(1)} MB, sha256 ${header.sha256.slice(0, 12)}…). ` +
    'It holds every password hash and the signing secret: keep it where only the operator can read it.',
);
