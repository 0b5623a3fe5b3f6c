import type { NotificationKind, NotificationMode } from '@portal/contract/notifications';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';

/**
 * Inserts the events of one change, one row per recipient; a row whose event the recipient has already (the same
 * kind and key) is left as it is. Answers how many rows are new.
 */
export async function insertEvents(
  db: Executor,
  rows: Array<{ userId: number; kind: NotificationKind; eventKey: string; params: object; link: string }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        user_id: row.userId,
        kind: row.kind,
        event_key: row.eventKey,
        params: JSON.stringify(row.params),
        link: row.link,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'event_key']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** The owners (investors with a unit, lenders with a loan) of a location, or of one unit of it. */
export async function ownersOfLocation(db: Executor, locationId: number, unitId: number | null) {
  const investors = db
    .selectFrom('user_units as uu')
    .innerJoin('units as u', 'u.id', 'uu.unit_id')
    .select('uu.user_id')
    .where('u.location_id', '=', locationId)
    .$if(unitId !== null, (qb) => qb.where('u.id', '=', unitId ?? 0));
  const lenders = db.selectFrom('loans').select('loans.user_id').where('loans.location_id', '=', locationId);
  const rows = await (unitId === null ? investors.union(lenders) : investors).execute();
  return [...new Set(rows.map((row) => Number(row.user_id)))];
}

/** Every active account of the roles (a news item's readers). */
export async function ownersWithRoles(db: Executor, roles: Array<'INVESTOR' | 'LENDER'>) {
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.deactivated_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role', 'in', roles),
      ),
    )
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function eventsOfUser(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await unreadCountStatement(db, { userId });
  return row?.n ?? 0;
}

const unreadCountStatement = prepared('unreadCount', (db, { userId }: { userId: number }) =>
  unreadCountQuery(db, userId),
);

/** unreadCount's statement, for users/layout to read in its own. */
export const unreadCountQuery = (db: Executor, userId: number) =>
  db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);

/** Marks the user's own events read (ids of others are simply not theirs); all when ids is null. */
export async function markRead(db: Executor, userId: number, ids: number[] | null) {
  await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? []))
    .execute();
}

export async function settingsOf(db: Executor, userId: number) {
  return db
    .selectFrom('notification_settings')
    .select(['kind', 'mode'])
    .where('user_id', '=', userId)
    .execute();
}

export async function saveSettings(
  db: Executor,
  userId: number,
  settings: Array<{ kind: NotificationKind; mode: NotificationMode }>,
) {
  if (settings.length === 0) return;
  await db
    .insertInto('notification_settings')
    .values(settings.map((s) => ({ user_id: userId, kind: s.kind, mode: s.mode })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind'])
        .doUpdateSet((eb) => ({ mode: eb.ref('excluded.mode'), updated_at: new Date() })),
    )
    .execute();
}

export async function userExists(db: Executor, userId: number) {
  return db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
}

/** Whether any event waits to be mailed (the partial index answers it without a transaction). */
export async function hasPendingEvents(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('mail_status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type PendingEvent = {
  id: number;
  user_id: number;
  kind: NotificationKind;
  params: Record<string, unknown>;
  link: string;
  email: string | null;
  locale: string;
  mode: NotificationMode | null;
};

/**
 * Claims up to `batch` events still to be mailed, oldest first, skipping those another instance holds, with the
 * recipient's address, language and choice for the kind. The caller decides and marks each in the same transaction.
 */
export async function claimPendingEvents(db: Executor, batch: number): Promise<PendingEvent[]> {
  const result = await sql<PendingEvent>`
    select n.id, n.user_id, n.kind, n.params, n.link, u.locale, s.mode,
      -- An account not activated yet (or closed) is mailed nothing but its invitation; the list keeps the events.
      case when u.password_hash is not null and u.deactivated_at is null then u.email end as email
    from notifications n
    join users u on u.id = n.user_id
    left join notification_settings s on s.user_id = n.user_id and s.kind = n.kind
    where n.id in (
      select id from notifications where mail_status = 'pending' order by id limit ${batch} for update skip locked
    )
    order by n.id`.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id) }));
}

export async function setMailStatus(db: Executor, ids: number[], status: 'digest' | 'done') {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ mail_status: status }).where('id', 'in', ids).execute();
}

/** The owners with events waiting for a digest. */
export async function usersWithDigest(db: Executor, limit: number) {
  const rows = await db
    .selectFrom('notifications')
    .select('user_id')
    .distinct()
    .where('mail_status', '=', 'digest')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.user_id));
}

/** Claims the owner's digest of the day: undefined when an instance has claimed it already. */
export async function claimDigest(db: Executor, userId: number, day: string, items: number) {
  return db
    .insertInto('notification_digests')
    .values({ user_id: userId, day, items })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
}

export async function digestDone(db: Executor, userId: number, day: string) {
  return db
    .selectFrom('notification_digests')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
}

/** The events waiting for the owner's digest, locked for this transaction. */
export async function digestEvents(db: Executor, userId: number) {
  const rows = await sql<PendingEvent>`
    select n.id, n.user_id, n.kind, n.params, n.link, u.locale, s.mode,
      -- An account not activated yet (or closed) is mailed nothing but its invitation; the list keeps the events.
      case when u.password_hash is not null and u.deactivated_at is null then u.email end as email
    from notifications n
    join users u on u.id = n.user_id
    left join notification_settings s on s.user_id = n.user_id and s.kind = n.kind
    where n.user_id = ${userId} and n.mail_status = 'digest'
    order by n.id
    for update of n skip locked`.execute(db);
  return rows.rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id) }));
}
