import type { ImportKindCode, ImportReport } from '@portal/contract/backoffice';
import type { Locale } from '@portal/contract/constants';
import { isMessageKey, type MessageKey, message } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { insertAudit } from '../backoffice/queries.ts';
import { FormatError, parseRows } from './formats.ts';
import { IMPORT_KINDS, type ImportKind } from './kinds.ts';

const BATCH_ROWS = 2000;
const PROBLEMS_SHOWN = 200;

export type ImportOptions = {
  format: 'csv' | 'json';
  skipInvalid: boolean;
  locale: Locale;
  actorUserId: number | null;
  /** Where the file came from, for the audit trail: the console or the command line. */
  source: 'console' | 'cli';
  fileName?: string | undefined;
  /** Called as batches land: rows written so far of the rows to write. */
  onProgress?: (done: number, total: number) => void;
};

/**
 * Loads a file of one kind: every row is checked first (shape, references, repeated keys); a file with bad rows
 * writes nothing unless asked to skip them; the good rows land in one transaction, by natural key, so the same
 * file imported again changes nothing.
 */
export async function runImport(
  db: Kysely<DB>,
  kindName: ImportKindCode,
  text: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const kind = IMPORT_KINDS[kindName] as unknown as ImportKind<Record<string, unknown>>;
  let raw: Record<string, unknown>[];
  try {
    raw = parseRows(text, options.format);
  } catch (error) {
    if (error instanceof FormatError) throw badRequest('import.format', 'file');
    throw error;
  }
  if (raw.length === 0) throw badRequest('import.empty', 'file');

  const check = await kind.references(db);
  const problems: ImportReport['problems'] = [];
  let rejected = 0;
  const reject = (row: number, field: string, key: MessageKey) => {
    rejected += 1;
    if (problems.length < PROBLEMS_SHOWN)
      problems.push({ row, field, message: message(key, options.locale) });
  };
  const valid: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  raw.forEach((input, index) => {
    const row = index + 1;
    const parsed = kind.schema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'row';
      const missing = input[field] === undefined || input[field] === '';
      reject(row, field, missing ? 'validation.required' : messageKeyOf(issue?.message));
      return;
    }
    const problem = check(parsed.data);
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
    valid.push(parsed.data);
  });

  const report: ImportReport = {
    kind: kindName,
    total: raw.length,
    accepted: valid.length,
    rejected,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    applied: false,
    problems,
  };
  if (rejected > 0 && !options.skipInvalid) return report;

  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < valid.length; start += BATCH_ROWS) {
      const batch = valid.slice(start, start + BATCH_ROWS);
      const { inserted, updated } = await kind.upsert(trx, batch);
      report.inserted += inserted;
      report.updated += updated;
      options.onProgress?.(start + batch.length, valid.length);
    }
    report.unchanged = valid.length - report.inserted - report.updated;
    report.applied = true;
    await insertAudit(trx, {
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

function messageKeyOf(text: string | undefined): MessageKey {
  return text && isMessageKey(text) ? text : 'validation.invalid';
}
