import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { isStaff } from '../modules/access/service.ts';
import { secondFactorRequired, staffLacksSecondFactor } from '../modules/auth/security.ts';
import { sessionCacheOf } from '../modules/auth/session-cache.ts';
import { type Session, verifySessionToken } from '../modules/auth/sessions.ts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export function registerSessionAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('session', null);
  // A write of this instance may end sessions or change roles: the next call is checked in the database even before
  // the database's notification reaches the cache (modules/auth/session-cache.ts). An owner's write can touch only
  // the owner's own sessions; staff and anonymous writes (a password reset) anyone's.
  dropOnWrite(app, sessionCacheOf(ctx.database));
}

/**
 * An onSend hook that drops from a cache of this instance what a write request may have changed, as it answers: an
 * owner's write can touch only the owner's own rows (one user's entries); a staff member's or an anonymous write (a
 * password reset, the console) anyone's (every entry). Reads drop nothing.
 */
export function dropOnWrite(app: FastifyInstance, cache: { forget(userId: number): void; clear(): void }) {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    const session = request.session;
    if (session && !isStaff(session)) cache.forget(session.userId);
    else cache.clear();
    return payload;
  });
}

/** onRequest hook of every route that needs a signed-in user: a missing, expired, forged or revoked token is 401. */
export function requireSession(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    const session = await verifySessionToken(ctx, token);
    if (!session) throw unauthorized();
    request.session = session;
  };
}

/**
 * onRequest hook of the back office: requireSession, then 403 unless a manager or admin, before the body is read or
 * validated, so an owner learns nothing of the console's calls. The services check the scope again.
 */
export function requireStaff(ctx: AppContext) {
  const signedIn = requireSession(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    const session = request.session;
    if (!session || !isStaff(session)) throw forbidden();
    // Staff without a second factor enrol first (STAFF_REQUIRE_SECOND_FACTOR): 403 second_factor_required.
    if (await staffLacksSecondFactor(ctx, session.userId)) throw secondFactorRequired();
  };
}

/** The session of a route guarded by requireSession. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}
