import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import type { RoleRow } from '../../db/schema.ts';
import * as q from './queries.ts';
import { sessionCacheOf } from './session-cache.ts';
import { signToken, verifyToken } from './session-tokens.ts';

export type Session = { sessionId: string; userId: number; roles: RoleRow[] };

const ISSUER = 'investor-portal';

/** The HMAC key, made once per secret. */
const keys = new Map<string, KeyObject>();
function secretKey(ctx: AppContext): KeyObject {
  let key = keys.get(ctx.config.jwtSecret);
  if (!key) {
    key = createSecretKey(new TextEncoder().encode(ctx.config.jwtSecret));
    keys.set(ctx.config.jwtSecret, key);
  }
  return key;
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
  await q.insertSession(db, {
    id: sessionId,
    userId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return signToken(secretKey(ctx), {
    sid: sessionId,
    sub: String(userId),
    iss: ISSUER,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
}

/** The session of a token: from the short-lived cache of verified sessions (session-cache.ts) or the database. */
export function verifySessionToken(ctx: AppContext, token: string): Promise<Session | null> {
  return sessionCacheOf(ctx.database).lookup(token, () => lookupSession(ctx, token));
}

/**
 * A token's session, checked in the database, once its signature and expiry hold: the check is cheap
 * (session-tokens.ts), so it runs on each miss of the session cache rather than being kept beside it.
 */
async function lookupSession(
  ctx: AppContext,
  token: string,
): Promise<(Session & { expiresAt: Date }) | null> {
  const claims = verifyToken(secretKey(ctx), token, ISSUER, Date.now() / 1000);
  return claims === null ? null : liveSessionOf(ctx, claims.sid);
}

/**
 * The session a signed media URL was issued to, if it still works: from the same cache as the tokens' sessions, so
 * a revoked session's URLs stop within the cache's second.
 */
export function verifySessionId(ctx: AppContext, sessionId: string): Promise<Session | null> {
  return sessionCacheOf(ctx.database).lookup(`session:${sessionId}`, () => liveSessionOf(ctx, sessionId));
}

async function liveSessionOf(
  ctx: AppContext,
  sessionId: string,
): Promise<(Session & { expiresAt: Date }) | null> {
  if (!/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  const idleSince = new Date(Date.now() - ctx.config.sessionIdleHours * 3_600_000);
  const row = await q.liveSession(ctx.database.db, sessionId, idleSince);
  if (!row) return null;
  // Last seen moves at most once a minute, so a busy page does not write on every call.
  if (Date.now() - new Date(row.lastSeenAt).getTime() > LAST_SEEN_EVERY_MS) {
    await q.touchSession(ctx.database.db, sessionId);
  }
  return { sessionId, userId: row.userId, roles: row.roles, expiresAt: new Date(row.expiresAt) };
}

const LAST_SEEN_EVERY_MS = 60_000;

/** The user's sessions that still work: not ended, not expired, not idle too long; the newest first. */
export async function activeSessions(ctx: AppContext, userId: number) {
  return q.activeSessionRows(
    ctx.database.db,
    userId,
    new Date(Date.now() - ctx.config.sessionIdleHours * 3_600_000),
  );
}

/** Ends one of the user's own sessions; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Executor, userId: number, sessionId: string): Promise<boolean> {
  return q.revokeSessionOfUser(db, userId, sessionId);
}

export async function revokeSession(db: Executor, sessionId: string) {
  await q.revokeSessionById(db, sessionId);
}

/** Revokes every session of the user but one (password change keeps the current one). */
export async function revokeUserSessions(db: Executor, userId: number, exceptSessionId?: string) {
  await q.revokeSessionsOfUser(db, userId, exceptSessionId);
}
