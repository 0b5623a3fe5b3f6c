import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { type ContentTable, saveRow } from './queries.ts';

/**
 * Creates (id undefined) or updates one row of the company's content and audits it as `<action>.create` or
 * `<action>.update`; an id that is not there answers 404.
 */
export async function saveContentRow<T extends ContentTable>(
  trx: Executor,
  session: Session,
  table: T,
  id: number | undefined,
  row: Insertable<DB[T]>,
  audit: { action: string; entity: string; details: Record<string, unknown> },
): Promise<number> {
  const savedId = await saveRow(trx, table, id, row);
  if (savedId === undefined) throw notFound();
  await recordAudit(trx, {
    actorUserId: session.userId,
    action: `${audit.action}.${id === undefined ? 'create' : 'update'}`,
    entity: audit.entity,
    entityId: savedId,
    details: audit.details,
  });
  return Number(savedId);
}
