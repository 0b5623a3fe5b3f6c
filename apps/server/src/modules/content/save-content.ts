import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';

type ContentTable = 'faq' | 'news' | 'media_reports';

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
  // Kysely cannot narrow a union of table names: one table stands for all three, whose ids are alike.
  const same = table as 'faq';
  const values = row as Insertable<DB['faq']>;
  const saved =
    id === undefined
      ? await trx.insertInto(same).values(values).returning('id').executeTakeFirstOrThrow()
      : await trx.updateTable(same).set(values).where('id', '=', id).returning('id').executeTakeFirst();
  if (!saved) throw notFound();
  await recordAudit(trx, {
    actorUserId: session.userId,
    action: `${audit.action}.${id === undefined ? 'create' : 'update'}`,
    entity: audit.entity,
    entityId: saved.id,
    details: audit.details,
  });
  return Number(saved.id);
}
