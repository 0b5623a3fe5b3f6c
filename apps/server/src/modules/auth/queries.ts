import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';
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

/** The latest sign-in challenge code sent for the user to the address that asked for it. */
export async function latestChallengeCode(db: Executor, userId: number, ip: string) {
  return db
    .selectFrom('auth_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', 'sign_in_challenge')
    .where('ip', '=', ip)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertChallengeCode(
  db: Executor,
  code: { userId: number; sentTo: string; ip: string; codeHash: string; ttlSeconds: number },
) {
  await db
    .insertInto('auth_codes')
    .values({
      user_id: code.userId,
      purpose: 'sign_in_challenge',
      phone: code.sentTo,
      ip: code.ip,
      code_hash: code.codeHash,
      expires_at: new Date(Date.now() + code.ttlSeconds * 1000),
    })
    .execute();
}

/** Marks the code used unless it already was; answers whether this call used it (two parallel calls: one wins). */
export async function claimAuthCode(db: Executor, codeId: number): Promise<boolean> {
  const row = await db
    .updateTable('auth_codes')
    .set({ used_at: new Date() })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether a sign-in challenge code of the user was used from the address since `since`. */
export async function challengePassedFrom(db: Executor, userId: number, ip: string, since: Date) {
  const row = await db
    .selectFrom('auth_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'sign_in_challenge')
    .where('ip', '=', ip)
    .where('used_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether any session of the user (live or ended) was opened from the address: one probe of sessions_user_ip_idx. */
export async function hasSignedInFrom(db: Executor, userId: number, ip: string) {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
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

/** Records a used TOTP step unless the same or a later one was used already; answers whether it was recorded. */
export async function recordTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return Boolean(updated);
}

/** Marks an unused recovery code of the user used; answers whether there was one. */
export async function useRecoveryCodeHash(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(used);
}

export async function insertSession(
  db: Executor,
  session: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

/**
 * A session that still works (not revoked, not expired, seen since `idleSince`) of a user not deactivated, with the
 * user's roles.
 */
export async function liveSession(db: Executor, sessionId: string, idleSince: Date) {
  const [row] = await liveSessionStatement(db, { sessionId, now: new Date(), idleSince });
  return row;
}

const liveSessionStatement = prepared(
  'liveSession',
  (db, p: { sessionId: string; now: Date; idleSince: Date }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.user_id as userId',
        'sessions.last_seen_at as lastSeenAt',
        'sessions.expires_at as expiresAt',
        sql<
          RoleRow[]
        >`(select coalesce(array_agg(role order by role), '{}') from user_roles where user_id = users.id)`.as(
          'roles',
        ),
      ])
      .where('sessions.id', '=', p.sessionId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', p.now)
      .where('sessions.last_seen_at', '>', p.idleSince)
      .where('users.deactivated_at', 'is', null),
);

/**
 * Marks a session seen now, in a statement of its own (not inside a transaction: the setting below would hold for the
 * whole of it). Its commit does not wait for the write-ahead log to reach the disk (`synchronous_commit` off for this
 * transaction alone): a crash can lose the last moments' marks, which only makes those sessions look idle a little
 * longer, and an owner's first call of a visit no longer waits for a flush of the disk behind every other owner's (20
 * owners arriving at once got their dashboards one every 15–30 ms; docs/performance.md).
 */
export async function touchSession(db: Executor, sessionId: string) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: new Date() })
    .where('id', '=', sessionId)
    .where(sql<boolean>`(select set_config('synchronous_commit', 'off', true)) = 'off'`)
    .execute();
}

/** The user's sessions not revoked, not expired and seen since `idleSince`; the newest first. */
export async function activeSessionRows(db: Executor, userId: number, idleSince: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Revokes one of the user's sessions not yet revoked; answers whether there was one. */
export async function revokeSessionOfUser(db: Executor, userId: number, sessionId: string): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function revokeSessionById(db: Executor, sessionId: string) {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

/** Revokes every session of the user not yet revoked, but one when `exceptSessionId` is given. */
export async function revokeSessionsOfUser(db: Executor, userId: number, exceptSessionId?: string) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export async function setPendingTotpSecret(db: Executor, userId: number, encryptedSecret: string) {
  await db
    .updateTable('users')
    .set({ totp_pending_secret: encryptedSecret })
    .where('id', '=', userId)
    .execute();
}

/** Turns the authenticator app on with the confirmed secret and the step of its first code. */
export async function enableTotpSecret(
  db: Executor,
  userId: number,
  encryptedSecret: string | null,
  step: number,
) {
  await db
    .updateTable('users')
    .set({
      totp_secret: encryptedSecret,
      totp_pending_secret: null,
      totp_enabled_at: new Date(),
      totp_last_step: step,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function clearTotp(db: Executor, userId: number) {
  await db
    .updateTable('users')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function deleteRecoveryCodes(db: Executor, userId: number) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export async function insertRecoveryCodes(db: Executor, userId: number, codeHashes: string[]) {
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash })))
    .execute();
}

export async function secondFactorsOf(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['two_factor_phone', 'totp_enabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Sets a password from a link: the account is active from then on. */
export async function setPasswordFromLink(db: Executor, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, is_active: true, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Marks every unused link of the user used. */
export async function useAllAuthLinks(db: Executor, userId: number) {
  await db
    .updateTable('auth_links')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function setPassword(db: Executor, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Sets (a phone) or clears (null) the phone that receives the second factor's codes. */
export async function setTwoFactorPhone(db: Executor, userId: number, phone: string | null) {
  await db
    .updateTable('users')
    .set({ two_factor_phone: phone, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
