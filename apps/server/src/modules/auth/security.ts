import type { SessionInfo } from '@portal/contract/auth';
import { ERROR_CODES } from '@portal/contract/errors';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../http/errors.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../http/rate-limit.ts';
import * as q from './queries.ts';
import { requireStepUp, type StepUpProof } from './second-factor.ts';
import { activeSessions, revokeOwnSession, revokeUserSessions, type Session } from './sessions.ts';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  otpauthUri,
  qrSvg,
  RECOVERY_CODE_COUNT,
} from './totp.ts';

/** POST users/totp/setup: a new secret, kept encrypted until its first code turns the app on. */
export async function startTotp(ctx: AppContext, session: Session) {
  const user = await q.findUserById(ctx.database.db, session.userId);
  if (!user) throw unauthorized();
  if (user.totp_enabled_at) throw badRequest('totp.alreadyOn');
  const secret = newTotpSecret();
  await q.setPendingTotpSecret(ctx.database.db, user.id, encryptSecret(secret, ctx.config.jwtSecret));
  const uri = otpauthUri(secret, user.email ?? user.phone ?? String(user.id));
  return { secret, otpauthUri: uri, qrSvg: await qrSvg(uri) };
}

/** POST users/totp/enable: the app's code turns it on; ten recovery codes are made and shown this once. */
export async function enableTotp(ctx: AppContext, session: Session, code: string, ip: string) {
  await enforceRateLimits(ctx, [
    [`code-check:ip:${ip}`, RATE_LIMITS.codeCheckPerIp],
    [`code-check:user:${session.userId}`, RATE_LIMITS.codeCheckPerUser],
  ]);
  const user = await q.findUserById(ctx.database.db, session.userId);
  if (!user) throw unauthorized();
  if (user.totp_enabled_at) throw badRequest('totp.alreadyOn');
  if (!user.totp_pending_secret) throw badRequest('totp.notStarted');
  const secret = decryptSecret(user.totp_pending_secret, ctx.config.jwtSecret);
  const step = matchTotp(secret, code, null);
  if (step === null) throw badRequest('code.invalid', 'code', ERROR_CODES.codeInvalid);
  return ctx.database.db.transaction().execute(async (trx) => {
    await q.enableTotpSecret(trx, user.id, user.totp_pending_secret, step);
    return { recoveryCodes: await replaceRecoveryCodes(ctx, trx, user.id) };
  });
}

async function replaceRecoveryCodes(ctx: AppContext, db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await q.deleteRecoveryCodes(db, userId);
  await q.insertRecoveryCodes(
    db,
    userId,
    codes.map((code) => hashRecoveryCode(code, ctx.config.jwtSecret)),
  );
  return codes;
}

/** POST users/totp/off: with the current password or a code; the recovery codes go when no factor is left. */
export async function disableTotp(ctx: AppContext, session: Session, proof: StepUpProof) {
  const user = await requireStepUp(ctx, session.userId, proof);
  await ctx.database.db.transaction().execute(async (trx) => {
    await q.clearTotp(trx, user.id);
    if (!user.two_factor_phone) await q.deleteRecoveryCodes(trx, user.id);
  });
}

/** POST users/recovery-codes: ten new codes in place of the old ones, with the current password or a code. */
export async function regenerateRecoveryCodes(ctx: AppContext, session: Session, proof: StepUpProof) {
  const user = await requireStepUp(ctx, session.userId, proof);
  if (!user.totp_enabled_at && !user.two_factor_phone) throw badRequest('totp.notStarted');
  return ctx.database.db
    .transaction()
    .execute(async (trx) => ({ recoveryCodes: await replaceRecoveryCodes(ctx, trx, user.id) }));
}

/** GET users/sessions */
export async function listSessions(ctx: AppContext, session: Session): Promise<SessionInfo[]> {
  const rows = await activeSessions(ctx, session.userId);
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    current: row.id === session.sessionId,
  }));
}

/** DELETE users/sessions/{id}: ends one of the user's sessions (another user's is 404). */
export async function endSession(ctx: AppContext, session: Session, id: string) {
  if (!(await revokeOwnSession(ctx.database.db, session.userId, id))) throw notFound();
}

/** POST users/sessions/end-others */
export async function endOtherSessions(ctx: AppContext, session: Session) {
  await revokeUserSessions(ctx.database.db, session.userId, session.sessionId);
}

/**
 * Managers and admins must have a second factor when the deployment asks for it (STAFF_REQUIRE_SECOND_FACTOR):
 * until then the console answers 403 with code second_factor_required.
 */
export async function staffLacksSecondFactor(ctx: AppContext, userId: number): Promise<boolean> {
  if (!ctx.config.staffRequireSecondFactor) return false;
  const user = await q.secondFactorsOf(ctx.database.db, userId);
  return !user?.two_factor_phone && !user?.totp_enabled_at;
}

export const secondFactorRequired = () =>
  new AppError(403, ERROR_CODES.secondFactorRequired, 'secondFactor.required');
