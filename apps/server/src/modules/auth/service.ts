import {
  AUTH_CODE_RESEND_SECONDS,
  AUTH_CODE_TTL_SECONDS,
  type Locale,
  RECOVERY_LINK_TTL_HOURS,
  ROLES,
  type RoleCode,
  SIGNUP_LINK_TTL_HOURS,
} from '@portal/contract/constants';
import { ERROR_CODES } from '@portal/contract/errors';
import { normalizePhone } from '@portal/contract/validation';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import type { RoleRow, UserRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { checkFailureLimits, countFailure, enforceRateLimits, RATE_LIMITS } from '../../http/rate-limit.ts';
import type { RateLimitRule } from '../../integrations/rate-limiter.ts';
import type { Logger } from '../../logger.ts';
import { enqueueEmail, enqueueSms } from '../outbox/outbox.ts';
import { alreadyActiveEmail, recoveryEmail, signupEmail, signupSms } from './emails.ts';
import { assertStrongPassword } from './password-strength.ts';
import { burnPasswordCheck, hashLinkToken, hashPassword, newLinkToken, verifyPassword } from './passwords.ts';
import * as q from './queries.ts';
import {
  type CodeChallenge,
  challenge,
  checkCode,
  checkSignInChallenge,
  requirePassword,
  type SignInChallenge,
  secondFactorOf,
  sendCode,
  sendSignInChallenge,
  signInChallengePassed,
  signInChallengePending,
  verifySecondFactor,
} from './second-factor.ts';
import { recordFactorChange } from './security.ts';
import { createSession, revokeUserSessions, type Session } from './sessions.ts';

/** Who calls; `log` is the request's logger (its lines carry the request id), absent outside a request. */
export type ClientMeta = { ip: string; userAgent: string | undefined; locale: Locale; log?: Logger };

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

async function requireHuman(ctx: AppContext, token: string | undefined, meta: ClientMeta) {
  if (!(await ctx.captcha.verify(token, meta.ip, meta.log))) {
    throw badRequest('captcha.failed', 'captchaToken', ERROR_CODES.captchaFailed);
  }
}

/** The account a sign-in names, for its limits: the user when known, else the login in canonical form. */
function accountKey(login: string, user: UserRow | undefined): string {
  if (user) return `user:${user.id}`;
  const trimmed = login.trim().toLowerCase();
  if (trimmed.includes('@')) return `login:${trimmed}`;
  return `login:${normalizePhone(trimmed) ?? trimmed}`;
}

/** The limits that refuse with 429: failures from one address, and of one account from one address. */
function signInLimits(account: string, ip: string): Array<[string, RateLimitRule]> {
  return [
    [`signin-fail:ip:${ip}`, RATE_LIMITS.signInFailuresPerIp],
    [`signin-fail:account-ip:${account}:${ip}`, RATE_LIMITS.signInFailuresPerAccountIp],
  ];
}

/** The per-account ceiling: never a refusal, past it a new address must answer a code sent to the account. */
function accountCeiling(account: string): [string, RateLimitRule] {
  return [`signin-fail:account:${account}`, RATE_LIMITS.signInFailuresPerAccount];
}

/**
 * Whether this sign-in must answer the mailed-code challenge: the account is past its ceiling of failures and the
 * address has never opened a session of it (nor passed a challenge in the last minutes).
 */
async function needsSignInChallenge(ctx: AppContext, account: string, user: UserRow, ip: string) {
  const [key, rule] = accountCeiling(account);
  if ((await ctx.limiter.peek(key, rule)).allowed) return false;
  if (await q.hasSignedInFrom(ctx.database.db, user.id, ip)) return false;
  return !(await signInChallengePassed(ctx, user.id, ip));
}

/**
 * POST authenticate: the same answer for an unknown login and a wrong password. Only failures count towards the
 * limits: per address, and per account and address (guessing stops with 429, the owner elsewhere still signs in).
 * The account's ceiling over every address is no lockout, or strangers could lock the owner out: past it, a right
 * password from an address the account never signed in from gets a code sent to the account (its e-mail, or its
 * phone) instead of a token, and gets in with that code; a wrong password answers the same 401 as ever, so the answer
 * never tells whether the ceiling is reached. Where captcha is on, every sign-in solves one already; the mailed code
 * is asked past the ceiling anyway, since solved captchas can be bought and the mailbox cannot.
 * With a second factor on too, the mailed code comes first (it is the cheaper check and vouches for the address for
 * a few minutes), then the second factor's own challenge, each code in its own call: one `code` field, one meaning.
 */
export async function authenticate(
  ctx: AppContext,
  input: { login: string; password: string; captchaToken?: string | undefined; code?: string | undefined },
  meta: ClientMeta,
): Promise<SignedIn | CodeChallenge | SignInChallenge> {
  const { db } = ctx.database;
  const user = await findByLogin(db, input.login);
  const account = accountKey(input.login, user);
  const limits = signInLimits(account, meta.ip);
  const failed = () => countFailure(ctx, [...limits, accountCeiling(account)]);
  await checkFailureLimits(ctx, limits);
  await requireHuman(ctx, input.captchaToken, meta);
  if (!canSignIn(user)) {
    await burnPasswordCheck(input.password);
    await failed();
    throw loginFailed();
  }
  if (!(await verifyPassword(input.password, user.password_hash))) {
    await failed();
    throw loginFailed();
  }
  if (await needsSignInChallenge(ctx, account, user, meta.ip)) {
    // A code when none was sent for this address (say, the second factor's, typed as the ceiling was reached)
    // is not a guess of the mailed one: the challenge is sent and asked for.
    if (!input.code || !(await signInChallengePending(ctx, user.id, meta.ip)))
      return sendSignInChallenge(ctx, user, meta.ip);
    await checkSignInChallenge(ctx, user, meta.ip, input.code, failed);
    // The code just given was the mailed one: the second factor asks for its own.
    if (secondFactorOf(user)) return challenge(ctx, user, 'sign_in');
  } else if (secondFactorOf(user)) {
    if (!input.code) return challenge(ctx, user, 'sign_in');
    await verifySecondFactor(ctx, user, input.code, 'sign_in', meta.ip);
  }
  await ctx.limiter.reset(`signin-fail:account-ip:${account}:${meta.ip}`);
  return signedIn(ctx, db, user.id, meta);
}

/**
 * One mail (or SMS) of a kind to one account: at most a few an hour. Over the budget the request answers the same
 * and sends nothing; the links already sent keep working, so nobody's own recovery is blocked. Sign-up requests
 * and recovery requests have budgets of their own.
 */
async function mailBudgetLeft(
  ctx: AppContext,
  kind: 'signup' | 'recovery',
  userId: number,
): Promise<boolean> {
  const result = await ctx.limiter.hit(`link-mail:${kind}:user:${userId}`, RATE_LIMITS.linkMailsPerAccount);
  return result.allowed;
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
  await enforceRateLimits(ctx, [[`link:ip:${meta.ip}`, RATE_LIMITS.linkRequestPerIp]]);
  await requireHuman(ctx, input.captchaToken, meta);
  await ctx.database.db.transaction().execute(async (trx) => {
    const user = input.email
      ? await q.findUserByEmail(trx, input.email)
      : await q.findUserByPhone(trx, input.phone ?? '');
    if (!user || user.deactivated_at) return;
    if (!(await mailBudgetLeft(ctx, 'signup', user.id))) return;
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
    const token = await issueSignupLink(trx, user.id);
    const url = `${ctx.config.publicUrl}/activation/${token}`;
    if (user.email && (input.email || !user.phone)) {
      await enqueueEmail(trx, { to: user.email, ...signupEmail(locale, url) });
    } else if (user.phone) {
      await enqueueSms(trx, { to: user.phone, text: signupSms(locale, url) });
    }
  });
  ctx.outbox.nudge();
}

/**
 * A new sign-up (activation) link of the user, valid SIGNUP_LINK_TTL_HOURS; answers its token, the last part of the
 * `/activation/{token}` address (only the hash is stored). The console's new owners and staff get theirs here too.
 */
export async function issueSignupLink(db: Executor, userId: number): Promise<string> {
  const { token, hash } = newLinkToken();
  await q.insertAuthLink(db, { userId, kind: 'signup', tokenHash: hash, ttlHours: SIGNUP_LINK_TTL_HOURS });
  return token;
}

/** POST users/password/recovery: the same answer whether the address is known or not. */
export async function requestRecovery(
  ctx: AppContext,
  input: { email: string; captchaToken?: string | undefined },
  meta: ClientMeta,
): Promise<void> {
  await enforceRateLimits(ctx, [[`link:ip:${meta.ip}`, RATE_LIMITS.linkRequestPerIp]]);
  await requireHuman(ctx, input.captchaToken, meta);
  await ctx.database.db.transaction().execute(async (trx) => {
    const user = await q.findUserByEmail(trx, input.email);
    if (!user || user.deactivated_at) return;
    if (!(await mailBudgetLeft(ctx, 'recovery', user.id))) return;
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
 * the account, closes every other session and signs the user in. With two-factor on, the first call (password
 * checked, link kept) answers which code to enter, SMS codes sent; the link is spent and a session issued only with
 * the right code.
 */
export async function setPasswordByLink(
  ctx: AppContext,
  kind: 'signup' | 'recovery',
  input: { link: string; password: string; code?: string | undefined },
  meta: ClientMeta,
): Promise<SignedIn | CodeChallenge> {
  await enforceRateLimits(ctx, [[`link-use:ip:${meta.ip}`, RATE_LIMITS.linkUsePerIp]]);
  const { db } = ctx.database;
  const tokenHash = hashLinkToken(input.link);
  const linkUser = await q.findAuthLinkUser(db, kind, tokenHash);
  const user = linkUser === undefined ? undefined : await q.findUserById(db, linkUser);
  if (!user || user.deactivated_at) throw linkInvalid();
  await assertStrongPassword(input.password, { email: user.email, phone: user.phone });
  if (secondFactorOf(user)) {
    if (!input.code) return challenge(ctx, user, 'link');
    await verifySecondFactor(ctx, user, input.code, 'link', meta.ip);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const userId = await q.consumeAuthLink(trx, kind, tokenHash);
    if (userId !== user.id) throw linkInvalid();
    await q.setPasswordFromLink(trx, userId, passwordHash);
    // Links of the same kind that were sent earlier stop working too.
    await q.useAllAuthLinks(trx, userId);
    await revokeUserSessions(trx, userId);
    return signedIn(ctx, trx, userId, meta);
  });
}

/**
 * POST users/link-status: whether a link still works, read without spending it (a dead link was reported
 * only after both passwords were typed). Unknown, used and expired links, and links of a deactivated account, answer
 * the same `valid: false` on the same path (one indexed read that finds nothing), so the answer tells nothing more
 * than the page would after the form is sent. Limited per address like the link's use.
 */
export async function linkStatus(
  ctx: AppContext,
  input: { link: string; kind: 'signup' | 'recovery' },
  meta: ClientMeta,
): Promise<{ valid: boolean }> {
  await enforceRateLimits(ctx, [[`link-check:ip:${meta.ip}`, RATE_LIMITS.linkCheckPerIp]]);
  const { db } = ctx.database;
  const linkUser = await q.findAuthLinkUser(db, input.kind, hashLinkToken(input.link));
  const user = linkUser === undefined ? undefined : await q.findUserById(db, linkUser);
  return { valid: Boolean(user && !user.deactivated_at) };
}

/** POST users/password/change: the old password must match and differ from the new; other sessions end. */
export async function changePassword(
  ctx: AppContext,
  session: Session,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const limits: Array<[string, RateLimitRule]> = [
    [`step-up:user:${session.userId}`, RATE_LIMITS.stepUpFailuresPerUser],
  ];
  await checkFailureLimits(ctx, limits);
  const { db } = ctx.database;
  const user = await q.findUserById(db, session.userId);
  if (!user?.password_hash || !(await verifyPassword(input.oldPassword, user.password_hash))) {
    await countFailure(ctx, limits);
    throw badRequest('password.wrong', 'oldPassword', ERROR_CODES.wrongPassword);
  }
  if (input.oldPassword === input.newPassword) throw badRequest('password.sameAsOld', 'newPassword');
  await assertStrongPassword(input.newPassword, { email: user.email, phone: user.phone }, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await q.setPassword(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id, session.sessionId);
  });
}

/**
 * SMS two-factor goes only to the account's own phone: a thief with a session would otherwise point the owner's
 * sign-in and recovery codes at a phone of their own. Changing that phone is the profile's password-checked change.
 */
function requireOwnPhone(user: UserRow, phone: string) {
  if (!user.phone || user.phone !== phone) throw badRequest('twoFactor.ownPhoneOnly', 'phone');
}

/** POST users/authentification/code/send: with the current password, a code to the account's own phone. */
export async function sendTwoFactorCode(
  ctx: AppContext,
  session: Session,
  input: { phone: string; password?: string | undefined },
) {
  const user = await requirePassword(ctx, session.userId, input);
  requireOwnPhone(user, input.phone);
  await sendCode(ctx, user, 'enable_two_factor', input.phone);
  return { resendAfterSeconds: AUTH_CODE_RESEND_SECONDS, expiresInSeconds: AUTH_CODE_TTL_SECONDS };
}

/**
 * POST users/authentification/code: the current password and a right code turn two-factor sign-in on for the
 * account's phone; the account is told and the other sessions end.
 */
export async function confirmTwoFactorCode(
  ctx: AppContext,
  session: Session,
  input: { code: string; phone: string; password?: string | undefined },
  ip: string,
) {
  const user = await requirePassword(ctx, session.userId, input);
  requireOwnPhone(user, input.phone);
  await checkCode(ctx, user.id, 'enable_two_factor', input.phone, input.code, ip);
  await ctx.database.db.transaction().execute(async (trx) => {
    await q.setTwoFactorPhone(trx, user.id, input.phone);
    await recordFactorChange(trx, user, 'smsOn', session.sessionId);
  });
  ctx.outbox.nudge();
}

/** POST users/authentification/off: needs the current password; the account is told, the other sessions end. */
export async function turnOffTwoFactor(
  ctx: AppContext,
  session: Session,
  proof: { password?: string | undefined },
) {
  const user = await requirePassword(ctx, session.userId, proof);
  if (!user.two_factor_phone) return;
  await ctx.database.db.transaction().execute(async (trx) => {
    await q.setTwoFactorPhone(trx, user.id, null);
    await recordFactorChange(trx, user, 'smsOff', session.sessionId);
  });
  ctx.outbox.nudge();
}
