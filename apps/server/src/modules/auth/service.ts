import {
  AUTH_CODE_MAX_ATTEMPTS,
  AUTH_CODE_RESEND_SECONDS,
  AUTH_CODE_TTL_SECONDS,
  type Locale,
  RECOVERY_LINK_TTL_HOURS,
  ROLES,
  type RoleCode,
  SIGNUP_LINK_TTL_HOURS,
} from '@portal/contract/constants';
import { ERROR_CODES } from '@portal/contract/errors';
import { formatPhone, normalizePhone } from '@portal/contract/validation';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import type { RoleRow, UserRow } from '../../db/schema.ts';
import { AppError, badRequest, unauthorized } from '../../http/errors.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../http/rate-limit.ts';
import { enqueueEmail, enqueueSms } from '../outbox/outbox.ts';
import { alreadyActiveEmail, codeSms, recoveryEmail, signupEmail, signupSms } from './emails.ts';
import {
  burnPasswordCheck,
  hashAuthCode,
  hashLinkToken,
  hashPassword,
  newAuthCode,
  newLinkToken,
  verifyPassword,
} from './passwords.ts';
import * as q from './queries.ts';
import { createSession, revokeUserSessions, type Session } from './sessions.ts';

export type ClientMeta = { ip: string; userAgent: string | undefined; locale: Locale };

export type SignedIn = {
  token: string;
  roles: Array<{ code: RoleCode; name: string }>;
  staffRoles: Array<'MANAGER' | 'ADMIN'>;
};

const loginFailed = () => new AppError(401, ERROR_CODES.loginFailed, 'auth.loginFailed');
const linkInvalid = () => badRequest('link.invalid', 'link', ERROR_CODES.linkInvalid);

async function signedIn(ctx: AppContext, db: Executor, userId: number, meta: ClientMeta): Promise<SignedIn> {
  const token = await createSession(ctx, db, userId, meta);
  return { token, ...describeRoles(await q.rolesOf(db, userId)) };
}

export function describeRoles(roles: RoleRow[]) {
  const owner = (['INVESTOR', 'LENDER'] as const).filter((code) => roles.includes(code));
  return {
    roles: owner.map((code) => ({ code, name: ROLES[code].name })),
    staffRoles: (['MANAGER', 'ADMIN'] as const).filter((code) => roles.includes(code)),
  };
}

function findByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  if (login.includes('@')) return q.findUserByEmail(db, login.trim().toLowerCase());
  const phone = normalizePhone(login);
  return phone ? q.findUserByPhone(db, phone) : Promise.resolve(undefined);
}

function canSignIn(user: UserRow | undefined): user is UserRow & { password_hash: string } {
  return Boolean(user?.is_active && user.password_hash && !user.deactivated_at);
}

async function requireHuman(ctx: AppContext, token: string | undefined, ip: string) {
  if (!(await ctx.captcha.verify(token, ip))) {
    throw badRequest('captcha.failed', 'captchaToken', ERROR_CODES.captchaFailed);
  }
}

/** POST authenticate: the same answer for an unknown login and a wrong password. */
export async function authenticate(
  ctx: AppContext,
  input: { login: string; password: string; captchaToken?: string | undefined; code?: string | undefined },
  meta: ClientMeta,
): Promise<SignedIn | { codeRequired: true; phone: string }> {
  const loginKey = input.login.trim().toLowerCase();
  await enforceRateLimits(ctx, [
    [`signin:ip:${meta.ip}`, RATE_LIMITS.signInPerIp],
    [`signin:login:${loginKey}`, RATE_LIMITS.signInPerLogin],
  ]);
  await requireHuman(ctx, input.captchaToken, meta.ip);
  const { db } = ctx.database;
  const user = await findByLogin(db, input.login);
  if (!canSignIn(user)) {
    await burnPasswordCheck(input.password);
    throw loginFailed();
  }
  if (!(await verifyPassword(input.password, user.password_hash))) throw loginFailed();

  if (user.two_factor_phone) {
    if (!input.code) {
      await sendCode(ctx, user, 'sign_in', user.two_factor_phone, { quietWhenTooEarly: true });
      return { codeRequired: true, phone: maskPhone(user.two_factor_phone) };
    }
    await checkCode(ctx, user.id, 'sign_in', user.two_factor_phone, input.code, meta.ip);
  }
  await ctx.limiter.reset(`signin:login:${loginKey}`);
  return signedIn(ctx, db, user.id, meta);
}

function maskPhone(phone: string): string {
  const formatted = formatPhone(phone);
  return formatted.replace(/\d(?=.*\d{2}$)/g, (digit, index) => (index < 4 ? digit : '*'));
}

/**
 * POST users/registration: a contact from a contract gets its activation link; an active account gets a
 * reminder instead. The answer never tells whether the contact is known.
 */
export async function register(
  ctx: AppContext,
  input: { email?: string | undefined; phone?: string | undefined; captchaToken?: string | undefined },
  meta: ClientMeta,
): Promise<void> {
  const contact = input.email ?? input.phone ?? '';
  await enforceRateLimits(ctx, [
    [`link:ip:${meta.ip}`, RATE_LIMITS.linkRequestPerIp],
    [`link:contact:${contact}`, RATE_LIMITS.linkRequestPerContact],
  ]);
  await requireHuman(ctx, input.captchaToken, meta.ip);
  await ctx.database.db.transaction().execute(async (trx) => {
    const user = input.email
      ? await q.findUserByEmail(trx, input.email)
      : await q.findUserByPhone(trx, input.phone ?? '');
    if (!user || user.deactivated_at) return;
    const locale = user.locale;
    if (user.is_active && user.password_hash) {
      if (user.email) {
        const mail = alreadyActiveEmail(
          locale,
          `${ctx.config.publicUrl}/login`,
          `${ctx.config.publicUrl}/password-recovery`,
        );
        await enqueueEmail(trx, { to: user.email, ...mail });
      }
      return;
    }
    const { token, hash } = newLinkToken();
    await q.insertAuthLink(trx, {
      userId: user.id,
      kind: 'signup',
      tokenHash: hash,
      ttlHours: SIGNUP_LINK_TTL_HOURS,
    });
    const url = `${ctx.config.publicUrl}/activation/${token}`;
    if (user.email && (input.email || !user.phone)) {
      await enqueueEmail(trx, { to: user.email, ...signupEmail(locale, url) });
    } else if (user.phone) {
      await enqueueSms(trx, { to: user.phone, text: signupSms(locale, url) });
    }
  });
  ctx.outbox.nudge();
}

/** POST users/password/recovery: the same answer whether the address is known or not. */
export async function requestRecovery(
  ctx: AppContext,
  input: { email: string; captchaToken?: string | undefined },
  meta: ClientMeta,
): Promise<void> {
  await enforceRateLimits(ctx, [
    [`link:ip:${meta.ip}`, RATE_LIMITS.linkRequestPerIp],
    [`link:contact:${input.email}`, RATE_LIMITS.linkRequestPerContact],
  ]);
  await requireHuman(ctx, input.captchaToken, meta.ip);
  await ctx.database.db.transaction().execute(async (trx) => {
    const user = await q.findUserByEmail(trx, input.email);
    if (!user || user.deactivated_at) return;
    const { token, hash } = newLinkToken();
    await q.insertAuthLink(trx, {
      userId: user.id,
      kind: 'recovery',
      tokenHash: hash,
      ttlHours: RECOVERY_LINK_TTL_HOURS,
    });
    await enqueueEmail(trx, {
      to: input.email,
      ...recoveryEmail(user.locale, `${ctx.config.publicUrl}/recovery/${token}`),
    });
  });
  ctx.outbox.nudge();
}

/**
 * POST users/information (sign-up) and users/password/fill (recovery): the link sets the password, activates
 * the account, closes every other session and signs the user in.
 */
export async function setPasswordByLink(
  ctx: AppContext,
  kind: 'signup' | 'recovery',
  input: { link: string; password: string },
  meta: ClientMeta,
): Promise<SignedIn> {
  await enforceRateLimits(ctx, [[`link-use:ip:${meta.ip}`, RATE_LIMITS.linkUsePerIp]]);
  const passwordHash = await hashPassword(input.password);
  return ctx.database.db.transaction().execute(async (trx) => {
    const userId = await q.consumeAuthLink(trx, kind, hashLinkToken(input.link));
    if (userId === undefined) throw linkInvalid();
    const user = await q.findUserById(trx, userId);
    if (!user || user.deactivated_at) throw linkInvalid();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, is_active: true, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    // Links of the same kind that were sent earlier stop working too.
    await trx
      .updateTable('auth_links')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    await revokeUserSessions(trx, userId);
    return signedIn(ctx, trx, userId, meta);
  });
}

/** POST users/password/change: the old password must match and differ from the new; other sessions end. */
export async function changePassword(
  ctx: AppContext,
  session: Session,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  await enforceRateLimits(ctx, [[`password-change:user:${session.userId}`, RATE_LIMITS.signInPerLogin]]);
  const { db } = ctx.database;
  const user = await q.findUserById(db, session.userId);
  if (!user?.password_hash || !(await verifyPassword(input.oldPassword, user.password_hash))) {
    throw badRequest('password.wrong', 'oldPassword', ERROR_CODES.wrongPassword);
  }
  if (input.oldPassword === input.newPassword) throw badRequest('password.sameAsOld', 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions(trx, user.id, session.sessionId);
  });
}

/** Sends a six-digit code by SMS through the outbox; a new one only 30 seconds after the last. */
async function sendCode(
  ctx: AppContext,
  user: UserRow,
  purpose: 'enable_two_factor' | 'sign_in',
  phone: string,
  options: { quietWhenTooEarly?: boolean } = {},
) {
  const { db } = ctx.database;
  const last = await q.latestAuthCode(db, user.id, purpose);
  if (last && !last.used_at) {
    const waited = (Date.now() - last.created_at.getTime()) / 1000;
    if (waited < AUTH_CODE_RESEND_SECONDS) {
      // At sign-in the earlier code is still on its way: answer as if sent rather than fail the password step.
      if (options.quietWhenTooEarly && last.phone === phone) return;
      throw new AppError(429, ERROR_CODES.codeResendTooEarly, 'code.resendTooEarly', {
        headers: { 'retry-after': String(Math.ceil(AUTH_CODE_RESEND_SECONDS - waited)) },
      });
    }
  }
  await enforceRateLimits(ctx, [[`code-send:user:${user.id}`, RATE_LIMITS.codeSendPerUser]]);
  const code = newAuthCode();
  await db.transaction().execute(async (trx) => {
    await q.insertAuthCode(trx, {
      userId: user.id,
      purpose,
      phone,
      codeHash: hashAuthCode(code, ctx.config.jwtSecret),
      ttlSeconds: AUTH_CODE_TTL_SECONDS,
    });
    await enqueueSms(trx, { to: phone, text: codeSms(user.locale, code) });
  });
  ctx.outbox.nudge();
}

/** Checks the latest code: it expires after 5 minutes and allows 5 tries. */
async function checkCode(
  ctx: AppContext,
  userId: number,
  purpose: 'enable_two_factor' | 'sign_in',
  phone: string,
  code: string,
  ip: string,
) {
  await enforceRateLimits(ctx, [
    [`code-check:ip:${ip}`, RATE_LIMITS.codeCheckPerIp],
    [`code-check:user:${userId}`, RATE_LIMITS.codeCheckPerUser],
  ]);
  const { db } = ctx.database;
  const last = await q.latestAuthCode(db, userId, purpose);
  if (!last || last.used_at || last.phone !== phone)
    throw badRequest('code.invalid', 'code', ERROR_CODES.codeInvalid);
  if (last.expires_at.getTime() <= Date.now())
    throw badRequest('code.expired', 'code', ERROR_CODES.codeExpired);
  const attempts = await q.countAuthCodeAttempt(db, last.id);
  if (attempts > AUTH_CODE_MAX_ATTEMPTS)
    throw badRequest('code.tooManyAttempts', 'code', ERROR_CODES.codeAttempts);
  if (hashAuthCode(code, ctx.config.jwtSecret) !== last.code_hash) {
    throw badRequest('code.invalid', 'code', ERROR_CODES.codeInvalid);
  }
  await q.markAuthCodeUsed(db, last.id);
}

/** POST users/authentification/code/send */
export async function sendTwoFactorCode(ctx: AppContext, session: Session, phone: string) {
  const user = await q.findUserById(ctx.database.db, session.userId);
  if (!user) throw unauthorized();
  await sendCode(ctx, user, 'enable_two_factor', phone);
  return { resendAfterSeconds: AUTH_CODE_RESEND_SECONDS, expiresInSeconds: AUTH_CODE_TTL_SECONDS };
}

/** POST users/authentification/code: a right code turns two-factor sign-in on for that phone. */
export async function confirmTwoFactorCode(
  ctx: AppContext,
  session: Session,
  input: { code: string; phone: string },
  ip: string,
) {
  await checkCode(ctx, session.userId, 'enable_two_factor', input.phone, input.code, ip);
  await ctx.database.db
    .updateTable('users')
    .set({ two_factor_phone: input.phone, updated_at: new Date() })
    .where('id', '=', session.userId)
    .execute();
}

export async function turnOffTwoFactor(ctx: AppContext, session: Session) {
  await ctx.database.db
    .updateTable('users')
    .set({ two_factor_phone: null, updated_at: new Date() })
    .where('id', '=', session.userId)
    .execute();
}
