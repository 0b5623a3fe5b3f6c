/**
 * `npm run import -- <kind> <file> [--skip-invalid]`: loads a CSV or JSON file of one import kind (bookings, incomes, outcomes, inventory, inspections, timelines)
 * into the portal's database (DATABASE_URL, else the embedded database of DATA_DIR: stop the server first, the
 * embedded database has one user at a time, and the command refuses while a server holds it). Shows a progress bar; prints the report; exits 1 when nothing landed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_KIND_NAMES, type ImportKindCode } from '@portal/contract/backoffice';
import { formatMessage, message } from '@portal/contract/messages';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { acquireEmbeddedLock, type EmbeddedLock, EmbeddedLockError } from '../db/embedded-lock.ts';
import { migrate } from '../db/migrate.ts';
import { AppError } from '../http/errors.ts';
import { detectEncoding, detectFormat, EncodingError } from '../modules/import/formats.ts';
import { importBatchRows, runImport } from '../modules/import/service.ts';

const args = process.argv.slice(2);
const skipInvalid = args.includes('--skip-invalid');
const [kind, file] = args.filter((arg) => !arg.startsWith('--'));
if (!kind || !file || !IMPORT_KIND_NAMES.includes(kind as ImportKindCode)) {
  console.error(
    `usage: npm run import -- <${IMPORT_KIND_NAMES.join('|')}> <file.csv|file.json> [--skip-invalid]`,
  );
  process.exit(2);
}

const config = loadConfig(process.env);
// npm runs scripts from the package folder; the file is named relative to where the command was typed.
const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
// Bytes, not text: the import tells the encoding by the content (and refuses what it cannot tell) itself.
const data = await readFile(filePath);
// A file in an encoding the import cannot read is refused before the database is opened.
try {
  detectEncoding(data);
} catch (error) {
  if (!(error instanceof EncodingError)) throw error;
  console.error(formatMessage(message(error.messageKey, 'en'), error.params));
  process.exit(1);
}
// The embedded database has one user at a time: refuse while a running server (or another command) holds it.
let lock: EmbeddedLock | null = null;
if (!config.databaseUrl) {
  try {
    lock = acquireEmbeddedLock(config.dataDir, 'npm run import');
  } catch (error) {
    if (!(error instanceof EmbeddedLockError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);

const BAR_WIDTH = 30;
const progress = (done: number, total: number) => {
  if (!process.stderr.isTTY && done !== total) return;
  const filled = Math.round((done / total) * BAR_WIDTH);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${Math.floor((done / total) * 100)}%`,
  );
  if (done === total) process.stderr.write('\n');
};

const started = performance.now();
try {
  const report = await runImport(database.db, kind as ImportKindCode, data, {
    format: detectFormat(data, path.extname(filePath) === '.json' ? 'application/json' : undefined),
    skipInvalid,
    batchRows: importBatchRows(database.kind),
    locale: 'en',
    actorUserId: null,
    source: 'cli',
    fileName: path.basename(filePath),
    onProgress: progress,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${kind}: ${report.total} rows, ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected} rejected (${seconds} s)`,
  );
  for (const problem of report.problems)
    console.log(`  row ${problem.row}, ${problem.field}: ${problem.message}`);
  if (!report.applied) {
    console.log(
      'Nothing was imported: fix the rows above, or pass --skip-invalid to import the valid rows only.',
    );
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(formatMessage(message(error.messageKey, 'en'), error.params));
  process.exitCode = 1;
} finally {
  await database.close();
  lock?.release();
}
