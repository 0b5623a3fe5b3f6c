import type { Executor } from '../../db/executor.ts';

export type AuditEntry = {
  actorUserId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  details?: object;
};

export async function insertAudit(db: Executor, entry: AuditEntry) {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
