import {
  AUTH_CODE_MAX_ATTEMPTS,
  AUTH_CODE_RESEND_SECONDS,
  AUTH_CODE_TTL_SECONDS,
} from '@portal/contract/constants';
import { ERROR_CODES } from '@portal/contract/errors';
import { formatPhone } from '@portal/contract/validation';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { checkFailureLimits, countFailure, enforceRateLimits, RATE_LIMITS } from '../../http/rate-limit.ts';
import type { RateLimitRule } from '../../integrations/rate-limiter.ts';
import { enqueueEmail, enqueueSms } from '../outbox/outbox.ts';
import { codeSms, signInChallengeEmail } from './emails.ts';
import { hashAuthCode, newAuthCode, verifyPassword } from './passwords.ts';
import * as q from './queries.ts';
import { decryptSecret, hashRecoveryCode, matchTotp, RECOVERY_CODE_PATTERN } from './totp.ts';

/**
 * The second factor of an account: an authenticator app (TOTP) when one is on, else SMS codes to the phone
 * confirmed for two-factor sign-in. Recovery codes stand in for either. Sign-in, the recovery and activation links
 * and the step-up of account changes all ask through here.
 */
export type SecondFactor = 'totp' | 'sms' | null;
export type CodePurpose = 'enable_two_factor' | 'sign_in' | 'link' | 'step_up';
export type CodeChallenge = { codeRequired: true; method: 'totp' | 'sms'; phone?: string };

export function secondFactorOf(user: Pick<UserRow, 'totp_enabled_at' | 'two_factor_phone'>): SecondFactor {
  if (user.totp_enabled_at) return 'totp';
  if (user.two_factor_phone) return 'sms';
  return null;
}

export function maskPhone(phone: string): string {
  const formatted = formatPhone(phone);
  return formatted.replace(/\d(?=.*\d{2}$)/g, (digit, index) => (index < 4 ? digit : '*'));
}

/** What the client is told to ask for; an SMS code is sent (at most one every 30 seconds). */
export async function challenge(
  ctx: AppContext,
  user: UserRow,
  purpose: 'sign_in' | 'link',
): Promise<CodeChallenge> {
  if (user.totp_enabled_at) return { codeRequired: true, method: 'totp' };
  const phone = user.two_factor_phone ?? '';
  await sendCode(ctx, user, purpose, phone, { quietWhenTooEarly: true });
  return { codeRequired: true, method: 'sms', phone: maskPhone(phone) };
}

const codeInvalid = () => badRequest('code.invalid', 'code', ERROR_CODES.codeInvalid);

/** Checks the code of the account's second factor (or one of its recovery codes, which is then spent). */
export async function verifySecondFactor(
  ctx: AppContext,
  user: UserRow,
  code: string,
  purpose: 'sign_in' | 'link',
  ip: string,
): Promise<void> {
  if (!/^\d{6}$/.test(code)) {
    await checkCodeLimits(ctx, user.id, ip, () => useRecoveryCode(ctx, user.id, code));
    return;
  }
  if (user.totp_enabled_at) {
    await checkCodeLimits(ctx, user.id, ip, () => useTotp(ctx, user, code));
    return;
  }
  await checkCode(ctx, user.id, purpose, user.two_factor_phone ?? '', code, ip);
}

const codeLimits = (userId: number, ip: string): Array<[string, RateLimitRule]> => [
  [`code-check:ip:${ip}`, RATE_LIMITS.codeCheckPerIp],
  [`code-check:user:${userId}`, RATE_LIMITS.codeCheckPerUser],
];

/**
 * A code check under the code limits, which count failures only: right codes never use them up, so someone who
 * knows the password cannot lock the owner out by signing in, and a guesser still stops after a few wrong ones.
 * `check` answers whether the code was right or throws the error of a code that is not (expired, used up).
 */
export async function checkCodeLimits(
  ctx: AppContext,
  userId: number,
  ip: string,
  check: () => Promise<boolean>,
): Promise<void> {
  const limits = codeLimits(userId, ip);
  await checkFailureLimits(ctx, limits);
  let right: boolean;
  try {
    right = await check();
  } catch (error) {
    if (error instanceof AppError) await countFailure(ctx, limits);
    throw error;
  }
  if (right) return;
  await countFailure(ctx, limits);
  throw codeInvalid();
}

/** A TOTP code of the enabled secret, each time step at most once. */
export async function useTotp(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.totp_secret) return false;
  const secret = decryptSecret(user.totp_secret, ctx.config.jwtSecret);
  const step = matchTotp(secret, code, user.totp_last_step === null ? null : Number(user.totp_last_step));
  if (step === null) return false;
  return q.recordTotpStep(ctx.database.db, user.id, step);
}

async function useRecoveryCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  if (!RECOVERY_CODE_PATTERN.test(code.trim())) return false;
  return q.useRecoveryCodeHash(ctx.database.db, userId, hashRecoveryCode(code.trim(), ctx.config.jwtSecret));
}

/** Sends a six-digit code by SMS through the outbox; a new one only 30 seconds after the last. */
export async function sendCode(
  ctx: AppContext,
  user: UserRow,
  purpose: CodePurpose,
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

/** Checks the latest SMS code: it expires after 5 minutes and allows 5 tries. */
export async function checkCode(
  ctx: AppContext,
  userId: number,
  purpose: CodePurpose,
  phone: string,
  code: string,
  ip: string,
) {
  const { db } = ctx.database;
  await checkCodeLimits(ctx, userId, ip, async () => {
    const last = await q.latestAuthCode(db, userId, purpose);
    if (!last || last.used_at || last.phone !== phone) return false;
    if (last.expires_at.getTime() <= Date.now())
      throw badRequest('code.expired', 'code', ERROR_CODES.codeExpired);
    const attempts = await q.countAuthCodeAttempt(db, last.id);
    if (attempts > AUTH_CODE_MAX_ATTEMPTS)
      throw badRequest('code.tooManyAttempts', 'code', ERROR_CODES.codeAttempts);
    if (hashAuthCode(code, ctx.config.jwtSecret) !== last.code_hash) return false;
    await q.markAuthCodeUsed(db, last.id);
    return true;
  });
}

export type StepUpProof = { password?: string | undefined; code?: string | undefined };

/** An authenticator app vouches for a request only once it has been on this long (a thief's new app does not). */
export const TOTP_VOUCHES_AFTER_MS = 24 * 3_600_000;

const stepUpRequired = () =>
  new AppError(400, ERROR_CODES.stepUpRequired, 'stepUp.required', {
    fields: { password: 'stepUp.required' },
  });

async function stepUpUser(ctx: AppContext, userId: number) {
  const user = await q.findUserById(ctx.database.db, userId);
  if (!user?.password_hash) throw new AppError(401, ERROR_CODES.unauthorized, 'unauthorized');
  return user as UserRow & { password_hash: string };
}

const stepUpLimits = (userId: number): Array<[string, RateLimitRule]> => [
  [`step-up:user:${userId}`, RATE_LIMITS.stepUpFailuresPerUser],
];

async function checkPassword(ctx: AppContext, user: UserRow & { password_hash: string }, password: string) {
  const limits = stepUpLimits(user.id);
  await checkFailureLimits(ctx, limits);
  if (await verifyPassword(password, user.password_hash)) return;
  await countFailure(ctx, limits);
  throw badRequest('password.wrong', 'password', ERROR_CODES.wrongPassword);
}

/**
 * Step-up of a change of e-mail, phone or any factor (enrolment included): the current password in the same call,
 * nothing else. A session alone, or a factor enrolled with it, would let a thief take the account. Wrong passwords
 * count towards a per-user limit.
 */
export async function requirePassword(
  ctx: AppContext,
  userId: number,
  proof: { password?: string | undefined },
): Promise<UserRow> {
  const user = await stepUpUser(ctx, userId);
  if (!proof.password) throw stepUpRequired();
  await checkPassword(ctx, user, proof.password);
  return user;
}

/**
 * Step-up of a request to the manager (bank details, account deletion): the current password, or a code of an
 * authenticator app that has been on for more than a day. SMS codes never vouch: they go to whichever phone the
 * factor names. Wrong passwords and codes count towards a per-user limit.
 */
export async function requireStepUp(ctx: AppContext, userId: number, proof: StepUpProof): Promise<UserRow> {
  const user = await stepUpUser(ctx, userId);
  if (proof.password) {
    await checkPassword(ctx, user, proof.password);
    return user;
  }
  const enabledAt = user.totp_enabled_at ? new Date(user.totp_enabled_at).getTime() : null;
  if (proof.code && enabledAt !== null && Date.now() - enabledAt > TOTP_VOUCHES_AFTER_MS) {
    const limits = stepUpLimits(userId);
    await checkFailureLimits(ctx, limits);
    if (await useTotp(ctx, user, proof.code)) return user;
    await countFailure(ctx, limits);
    throw codeInvalid();
  }
  throw stepUpRequired();
}

/**
 * The challenge past the per-account ceiling of failed sign-ins: a code sent to the account itself, by e-mail, or by
 * SMS to the account's phone when it has no e-mail (never to a two-factor phone or any number a client names).
 */
export type SignInChallenge =
  | { codeRequired: true; method: 'email'; email: string }
  | { codeRequired: true; method: 'sms'; phone: string };

/** How long a used challenge code vouches for its address: time to type the second factor's code after it. */
export const SIGN_IN_CHALLENGE_PASS_SECONDS = 15 * 60;

/** `ivan@example.com` → `iv***@example.com`: enough for the owner to recognise, little for anybody else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${email.slice(at)}`;
}

function challengeDestination(user: UserRow): SignInChallenge & { sentTo: string } {
  if (user.email)
    return { codeRequired: true, method: 'email', email: maskEmail(user.email), sentTo: user.email };
  // A sign-in names the account by its e-mail or its phone, so an account without an e-mail has a phone.
  const phone = user.phone ?? '';
  return { codeRequired: true, method: 'sms', phone: maskPhone(phone), sentTo: phone };
}

/**
 * Sends a sign-in challenge code for the address that asked, in the owner's language: valid 5 minutes, a new one
 * at most every 30 seconds and a few an hour. Asked again too early or over the hourly budget, it answers the same
 * and sends nothing (the codes already sent keep working), so the right password never gets a bare 429 here.
 */
export async function sendSignInChallenge(
  ctx: AppContext,
  user: UserRow,
  ip: string,
): Promise<SignInChallenge> {
  const { sentTo, ...answer } = challengeDestination(user);
  const { db } = ctx.database;
  const last = await q.latestChallengeCode(db, user.id, ip);
  if (
    last &&
    !last.used_at &&
    last.phone === sentTo &&
    Date.now() - last.created_at.getTime() < AUTH_CODE_RESEND_SECONDS * 1000
  )
    return answer;
  for (const [key, rule] of [
    [`signin-challenge-send:account-ip:${user.id}:${ip}`, RATE_LIMITS.signInChallengeSendsPerAccountIp],
    [`signin-challenge-send:account:${user.id}`, RATE_LIMITS.signInChallengeSendsPerAccount],
  ] as const) {
    if (!(await ctx.limiter.hit(key, rule)).allowed) return answer;
  }
  const code = newAuthCode();
  await db.transaction().execute(async (trx) => {
    await q.insertChallengeCode(trx, {
      userId: user.id,
      sentTo,
      ip,
      codeHash: hashAuthCode(code, ctx.config.jwtSecret),
      ttlSeconds: AUTH_CODE_TTL_SECONDS,
    });
    if (answer.method === 'email') {
      await enqueueEmail(trx, { to: sentTo, ...signInChallengeEmail(user.locale, code, ip) });
    } else {
      await enqueueSms(trx, { to: sentTo, text: codeSms(user.locale, code) });
    }
  });
  ctx.outbox.nudge();
  return answer;
}

/**
 * Checks the latest challenge code sent for this address: 5 tries, 5 minutes. A wrong or unknown code calls
 * `countFailure` (the sign-in's failure limits: only failures count); an expired one just says so.
 */
export async function checkSignInChallenge(
  ctx: AppContext,
  user: UserRow,
  ip: string,
  code: string,
  countFailure: () => Promise<void>,
): Promise<void> {
  const { db } = ctx.database;
  const { sentTo } = challengeDestination(user);
  const last = await q.latestChallengeCode(db, user.id, ip);
  if (!last || last.used_at || last.phone !== sentTo || !/^\d{6}$/.test(code)) {
    await countFailure();
    throw codeInvalid();
  }
  if (last.expires_at.getTime() <= Date.now())
    throw badRequest('code.expired', 'code', ERROR_CODES.codeExpired);
  if ((await q.countAuthCodeAttempt(db, last.id)) > AUTH_CODE_MAX_ATTEMPTS) {
    // Tries on a spent code are guesses too: they bring the address to its limit.
    await countFailure();
    throw badRequest('code.tooManyAttempts', 'code', ERROR_CODES.codeAttempts);
  }
  if (hashAuthCode(code, ctx.config.jwtSecret) !== last.code_hash || !(await q.claimAuthCode(db, last.id))) {
    await countFailure();
    throw codeInvalid();
  }
}

/** Whether a challenge code was sent for the address and not used yet (expired or not: the check tells which). */
export async function signInChallengePending(ctx: AppContext, userId: number, ip: string): Promise<boolean> {
  const last = await q.latestChallengeCode(ctx.database.db, userId, ip);
  return Boolean(last && !last.used_at);
}

/** Whether a challenge code was used from the address lately (the second factor's step comes after it). */
export function signInChallengePassed(ctx: AppContext, userId: number, ip: string): Promise<boolean> {
  return q.challengePassedFrom(
    ctx.database.db,
    userId,
    ip,
    new Date(Date.now() - SIGN_IN_CHALLENGE_PASS_SECONDS * 1000),
  );
}
