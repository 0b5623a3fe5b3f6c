import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportKindCode, ImportReport } from '@portal/contract/backoffice';
import type { Locale } from '@portal/contract/constants';
import { ERROR_CODES } from '@portal/contract/errors';
import { isMessageKey, type MessageKey } from '@portal/contract/messages';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import type { Metrics } from '../../metrics.ts';
import { recordAudit } from '../audit/service.ts';
import { cellProblem } from './columns.ts';
import { EncodingError, FormatError, fileRows, type RawRow } from './formats.ts';
import { IMPORT_KINDS, type ImportKind, type RowProblem } from './kinds.ts';
import { lockImportOfKind } from './queries.ts';

/**
 * Rows an upsert writes at once. PGlite runs each statement on the server's own thread, so its batches are small
 * enough to keep the event loop's delay under 100 ms; PostgreSQL takes larger ones (fewer round trips).
 */
export const importBatchRows = (database: 'postgres' | 'pglite') => (database === 'pglite' ? 200 : 1000);
const PROBLEMS_SHOWN = 200;
/** Rows checked between two turns of the event loop, so an import never holds the server for long. */
const YIELD_ROWS = 250;

export type ImportOptions = {
  format: 'csv' | 'json';
  skipInvalid: boolean;
  locale: Locale;
  actorUserId: number | null;
  /** Where the file came from, for the audit trail: the console or the command line. */
  source: 'console' | 'cli';
  fileName?: string | undefined;
  /** Rows an upsert writes at once (importBatchRows of the database; 1000 if not said). */
  batchRows?: number;
  /** Called as batches land: rows written so far of the rows to write. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Checked on every parsed row before the kind's references: the console user's scope (see
   * backoffice/import-scope.ts). The command line runs without it.
   */
  rowCheck?: ((row: Record<string, unknown>) => RowProblem | null) | undefined;
};

/**
 * Loads a file of one kind: every row is checked first (shape, references, repeated keys); a file with bad rows
 * writes nothing unless asked to skip them; the good rows land in one transaction, by natural key, so the same
 * file imported again changes nothing.
 *
 * The file is read as a stream twice (check, then write) rather than held as rows: a 200,000-row file costs its
 * bytes and a batch, and the event loop gets a turn every few hundred rows. Its encoding is told by its content
 * (formats.ts: UTF-8, UTF-16 or a Cyrillic code page), else it is refused (400). Imports of one kind take turns under an advisory lock (PostgreSQL; the embedded
 * database has one connection, so its transactions take turns anyway) instead of deadlocking.
 */
export async function runImport(
  db: Kysely<DB>,
  kindName: ImportKindCode,
  input: Buffer | string,
  options: ImportOptions,
): Promise<ImportReport> {
  const kind = IMPORT_KINDS[kindName] as unknown as ImportKind<Record<string, unknown>>;
  const data = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const rows = asUserError(() => fileRows(data, options.format));

  const check = await kind.references(db);
  const problems: ImportReport['problems'] = [];
  /** Rows not to write: bad ones (kept only when skipping them; otherwise nothing is written at all). */
  const skipped = new Set<number>();
  let rejected = 0;
  let total = 0;
  const reject = (row: number, field: string, key: MessageKey) => {
    rejected += 1;
    if (options.skipInvalid) skipped.add(row);
    if (problems.length < PROBLEMS_SHOWN)
      problems.push({ row, field, message: cellProblem(kindName, field, key, options.locale) });
  };
  const seen = new Set<string>();
  await forEachRow(rows, (raw, row) => {
    total = row;
    const parsed = kind.schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'row';
      const missing = raw[field] === undefined || raw[field] === '';
      reject(row, field, missing ? 'validation.required' : messageKeyOf(issue?.message));
      return;
    }
    const problem = options.rowCheck?.(parsed.data) ?? check(parsed.data);
    if (problem) {
      reject(row, problem.field, problem.key);
      return;
    }
    const key = kind.key(parsed.data);
    if (seen.has(key)) {
      reject(row, kind.columns[0] ?? 'row', 'import.duplicate');
      return;
    }
    seen.add(key);
  });
  seen.clear();
  if (total === 0) throw badRequest('import.empty', 'file');

  const accepted = total - rejected;
  const report: ImportReport = {
    kind: kindName,
    total,
    accepted,
    rejected,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    applied: false,
    problems,
  };
  if (rejected > 0 && !options.skipInvalid) return report;

  await db.transaction().execute(async (trx) => {
    await lockKind(trx, kindName);
    let batch: Record<string, unknown>[] = [];
    let written = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const { inserted, updated } = await kind.upsert(trx, batch);
      report.inserted += inserted;
      report.updated += updated;
      written += batch.length;
      batch = [];
      options.onProgress?.(written, accepted);
      await nextTurn();
    };
    await forEachRow(rows, async (raw, row) => {
      if (skipped.has(row)) return;
      const parsed = kind.schema.parse(raw);
      // The check again: some kinds' checks complete the row (the owner's unit link of an income).
      check(parsed);
      batch.push(parsed);
      if (batch.length >= (options.batchRows ?? 1000)) await flush();
    });
    await flush();
    report.unchanged = accepted - report.inserted - report.updated;
    report.applied = true;
    await recordAudit(trx, {
      actorUserId: options.actorUserId,
      action: `import.${kindName}`,
      entity: 'import',
      details: {
        source: options.source,
        file: options.fileName ?? null,
        total: report.total,
        inserted: report.inserted,
        updated: report.updated,
        unchanged: report.unchanged,
        rejected: report.rejected,
      },
    });
  });
  return report;
}

/** Runs `visit` on every row (numbered from 1), giving the event loop a turn every YIELD_ROWS rows. */
async function forEachRow(
  rows: () => AsyncIterable<RawRow>,
  visit: (raw: RawRow, row: number) => void | Promise<void>,
) {
  let row = 0;
  try {
    for await (const raw of rows()) {
      row += 1;
      await visit(raw, row);
      if (row % YIELD_ROWS === 0) await nextTurn();
    }
  } catch (error) {
    throw userError(error);
  }
}

/** Waits for the other import of the kind to finish; a wait beyond the statement timeout is a clear 409. */
async function lockKind(trx: Transaction<DB>, kindName: ImportKindCode) {
  try {
    await lockImportOfKind(trx, kindName);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '57014' || code === '55P03') throw conflict('import.busy', 'file');
    throw error;
  }
}

function userError(error: unknown) {
  if (error instanceof FormatError) return badRequest(error.messageKey, 'file');
  if (error instanceof EncodingError)
    return new AppError(400, ERROR_CODES.validation, error.messageKey, {
      fields: { file: error.messageKey },
      params: error.params,
    });
  return error;
}

function asUserError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw userError(error);
  }
}

function messageKeyOf(text: string | undefined): MessageKey {
  return text && isMessageKey(text) ? text : 'validation.invalid';
}

/**
 * runImport with its rows and time in the metrics (the console's imports): outcome applied, refused (bad rows,
 * nothing written) or failed (an error answer).
 */
export async function runMeasuredImport(
  metrics: Metrics,
  ...args: Parameters<typeof runImport>
): Promise<ImportReport> {
  const started = performance.now();
  let outcome = 'failed';
  try {
    const report = await runImport(...args);
    metrics.importRows.inc({ kind: args[1] }, report.total);
    outcome = report.applied ? 'applied' : 'refused';
    return report;
  } finally {
    metrics.importDuration.observe({ kind: args[1], outcome }, (performance.now() - started) / 1000);
  }
}
