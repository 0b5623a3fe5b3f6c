import type { Executor } from '../../db/executor.ts';

/** Active owners who hold a unit or a loan, with their language and roles. */
export async function statementOwners(db: Executor, afterId: number, limit: number) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.locale'])
    .where('users.deactivated_at', 'is', null)
    .where('users.id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom('user_units').select('user_units.id').whereRef('user_units.user_id', '=', 'users.id'),
        ),
        eb.exists(eb.selectFrom('loans').select('loans.id').whereRef('loans.user_id', '=', 'users.id')),
      ]),
    )
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

export async function ownerForStatement(db: Executor, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'locale', 'first_name', 'last_name', 'middle_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return { ...user, roles: roles.map((row) => row.role) };
}

/** The owners who have the statement already. */
export async function statementExists(db: Executor, userId: number, kind: 'month' | 'year', period: number) {
  return db
    .selectFrom('owner_statements')
    .select(['id', 'document_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .executeTakeFirst();
}

/** The claim of a statement: undefined when another instance made (or is making) it. */
export async function claimStatement(db: Executor, userId: number, kind: 'month' | 'year', period: number) {
  return db
    .insertInto('owner_statements')
    .values({ user_id: userId, kind, period })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doNothing())
    .returning(['id', 'document_id'])
    .executeTakeFirst();
}

/** The row of a statement made again, locked: made now if it never was. */
export async function lockStatement(db: Executor, userId: number, kind: 'month' | 'year', period: number) {
  await db
    .insertInto('owner_statements')
    .values({ user_id: userId, kind, period })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doNothing())
    .execute();
  return db
    .selectFrom('owner_statements')
    .select(['id', 'document_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setStatementDocument(db: Executor, id: number, documentId: number) {
  await db
    .updateTable('owner_statements')
    .set({ document_id: documentId, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
