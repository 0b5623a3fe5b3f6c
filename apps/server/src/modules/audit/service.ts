import type { Executor } from '../../db/executor.ts';
import { type AuditEntry, insertAudit } from './queries.ts';

export type { AuditEntry };

/**
 * Writes one entry of the audit log (who changed what, with the details that name the change). Called with the
 * transaction of the change it records, so an entry exists exactly when its change was committed. The console's
 * audit page reads the log (modules/backoffice).
 */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await insertAudit(db, entry);
}

/** A changed field's value before and after the change. */
export type Change = { from: unknown; to: unknown };

/**
 * The fields a change touched, each with its value before and after (`details.changes` of an entry: the console's
 * audit page shows them as «before → after» in words). Values compare as JSON, so arrays compare by content.
 */
export function changesOf<T extends Record<string, unknown>>(before: T, after: T): Record<string, Change> {
  const changes: Record<string, Change> = {};
  for (const key of Object.keys(after)) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
