import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { RoleRow } from '../../db/schema.ts';

export async function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserByPhone(db: Executor, phone: string) {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export async function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function rolesOf(db: Executor, userId: number): Promise<RoleRow[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return rows.map((row) => row.role);
}

export async function insertAuthLink(
  db: Executor,
  link: { userId: number; kind: 'signup' | 'recovery'; tokenHash: string; ttlHours: number },
) {
  await db
    .insertInto('auth_links')
    .values({
      user_id: link.userId,
      kind: link.kind,
      token_hash: link.tokenHash,
      expires_at: new Date(Date.now() + link.ttlHours * 3_600_000),
    })
    .execute();
}

/** The user of a link that still works, without spending it (the two-factor step comes first). */
export async function findAuthLinkUser(db: Executor, kind: 'signup' | 'recovery', tokenHash: string) {
  const row = await db
    .selectFrom('auth_links')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id;
}

/** Marks the link used and answers its user, atomically: a link works once, and only before it expires. */
export async function consumeAuthLink(db: Executor, kind: 'signup' | 'recovery', tokenHash: string) {
  const row = await db
    .updateTable('auth_links')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function latestAuthCode(
  db: Executor,
  userId: number,
  purpose: 'enable_two_factor' | 'sign_in' | 'link' | 'step_up',
) {
  return db
    .selectFrom('auth_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertAuthCode(
  db: Executor,
  code: {
    userId: number;
    purpose: 'enable_two_factor' | 'sign_in' | 'link' | 'step_up';
    phone: string;
    codeHash: string;
    ttlSeconds: number;
  },
) {
  await db
    .insertInto('auth_codes')
    .values({
      user_id: code.userId,
      purpose: code.purpose,
      phone: code.phone,
      code_hash: code.codeHash,
      expires_at: new Date(Date.now() + code.ttlSeconds * 1000),
    })
    .execute();
}

/** Counts one try and answers the count after it, so parallel guesses cannot share a try. */
export async function countAuthCodeAttempt(db: Executor, codeId: number): Promise<number> {
  const row = await db
    .updateTable('auth_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', codeId)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function markAuthCodeUsed(db: Executor, codeId: number) {
  await db.updateTable('auth_codes').set({ used_at: new Date() }).where('id', '=', codeId).execute();
}
