import type { SessionInfo } from '@portal/contract/auth';
import { ERROR_CODES } from '@portal/contract/errors';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { enqueueEmail, enqueueSms } from '../outbox/outbox.ts';
import { type FactorChange, factorChangedEmail, factorChangedSms } from './emails.ts';
import * as q from './queries.ts';
import { checkCodeLimits, requirePassword } from './second-factor.ts';
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

type PasswordProof = { password?: string | undefined };

/**
 * A factor changed (authenticator on or off, SMS two-factor on or off, new recovery codes): in the same transaction
 * as the change, the account is told (its e-mail, else its phone, in its language) and every other session ends, so
 * a change its owner did not make shows at once and a session that made it from elsewhere is cut off.
 */
export async function recordFactorChange(
  db: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'phone' | 'locale'>,
  change: FactorChange,
  keepSessionId: string,
) {
  if (user.email) await enqueueEmail(db, { to: user.email, ...factorChangedEmail(user.locale, change) });
  else if (user.phone) await enqueueSms(db, { to: user.phone, text: factorChangedSms(user.locale) });
  await revokeUserSessions(db, user.id, keepSessionId);
}

/**
 * POST users/totp/setup: with the current password, a new secret, kept encrypted until its first code (and the
 * password again) turns the app on.
 */
export async function startTotp(ctx: AppContext, session: Session, proof: PasswordProof) {
  const user = await requirePassword(ctx, session.userId, proof);
  if (user.totp_enabled_at) throw badRequest('totp.alreadyOn');
  const secret = newTotpSecret();
  await q.setPendingTotpSecret(ctx.database.db, user.id, encryptSecret(secret, ctx.config.jwtSecret));
  const uri = otpauthUri(secret, user.email ?? user.phone ?? String(user.id));
  return { secret, otpauthUri: uri, qrSvg: await qrSvg(uri) };
}

/**
 * POST users/totp/enable: the app's code and the current password turn it on; ten recovery codes are made and
 * shown this once. Only wrong codes count towards the code limits.
 */
export async function enableTotp(
  ctx: AppContext,
  session: Session,
  input: { code: string } & PasswordProof,
  ip: string,
) {
  const user = await requirePassword(ctx, session.userId, input);
  if (user.totp_enabled_at) throw badRequest('totp.alreadyOn');
  const pending = user.totp_pending_secret;
  if (!pending) throw badRequest('totp.notStarted');
  const secret = decryptSecret(pending, ctx.config.jwtSecret);
  const step = matchTotp(secret, input.code, null);
  await checkCodeLimits(ctx, user.id, ip, async () => step !== null);
  const recoveryCodes = await ctx.database.db.transaction().execute(async (trx) => {
    // A null step (a wrong code) was refused by checkCodeLimits above.
    await q.enableTotpSecret(trx, user.id, pending, step as number);
    const codes = await replaceRecoveryCodes(ctx, trx, user.id);
    await recordFactorChange(trx, user, 'totpOn', session.sessionId);
    return codes;
  });
  ctx.outbox.nudge();
  return { recoveryCodes };
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

/** POST users/totp/off: with the current password; the recovery codes go when no factor is left. */
export async function disableTotp(ctx: AppContext, session: Session, proof: PasswordProof) {
  const user = await requirePassword(ctx, session.userId, proof);
  if (!user.totp_enabled_at) return;
  await ctx.database.db.transaction().execute(async (trx) => {
    await q.clearTotp(trx, user.id);
    if (!user.two_factor_phone) await q.deleteRecoveryCodes(trx, user.id);
    await recordFactorChange(trx, user, 'totpOff', session.sessionId);
  });
  ctx.outbox.nudge();
}

/** POST users/recovery-codes: ten new codes in place of the old ones, with the current password. */
export async function regenerateRecoveryCodes(ctx: AppContext, session: Session, proof: PasswordProof) {
  const user = await requirePassword(ctx, session.userId, proof);
  if (!user.totp_enabled_at && !user.two_factor_phone) throw badRequest('totp.notStarted');
  const recoveryCodes = await ctx.database.db.transaction().execute(async (trx) => {
    const codes = await replaceRecoveryCodes(ctx, trx, user.id);
    await recordFactorChange(trx, user, 'recoveryCodes', session.sessionId);
    return codes;
  });
  ctx.outbox.nudge();
  return { recoveryCodes };
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
