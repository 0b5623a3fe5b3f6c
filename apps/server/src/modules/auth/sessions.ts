import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import type { RoleRow } from '../../db/schema.ts';

export type Session = { sessionId: string; userId: number; roles: RoleRow[] };

const ISSUER = 'investor-portal';

function secretKey(ctx: AppContext) {
  return new TextEncoder().encode(ctx.config.jwtSecret);
}

/** Opens a session row and signs a token bound to it: revoking the row revokes the token. */
export async function createSession(
  ctx: AppContext,
  db: Executor,
  userId: number,
  meta: { ip: string; userAgent: string | undefined },
): Promise<string> {
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.config.sessionTtlDays * 86_400_000);
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      expires_at: expiresAt,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(secretKey(ctx));
}

export async function verifySessionToken(ctx: AppContext, token: string): Promise<Session | null> {
  let sessionId: unknown;
  try {
    const { payload } = await jwtVerify(token, secretKey(ctx), { algorithms: ['HS256'], issuer: ISSUER });
    sessionId = payload.sid;
  } catch {
    return null;
  }
  if (typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  const row = await ctx.database.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.user_id as userId',
      sql<
        RoleRow[]
      >`(select coalesce(array_agg(role order by role), '{}') from user_roles where user_id = users.id)`.as(
        'roles',
      ),
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  return row ? { sessionId, userId: row.userId, roles: row.roles } : null;
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

/** Revokes every session of the user but one (password change keeps the current one). */
export async function revokeUserSessions(db: Executor, userId: number, exceptSessionId?: string) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}
