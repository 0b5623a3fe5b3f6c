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
