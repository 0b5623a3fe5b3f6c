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
import { enqueueSms } from '../outbox/outbox.ts';
import { codeSms } from './emails.ts';
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
    await enforceCodeLimits(ctx, user.id, ip);
    if (!(await useRecoveryCode(ctx, user.id, code))) throw codeInvalid();
    return;
  }
  if (user.totp_enabled_at) {
    await enforceCodeLimits(ctx, user.id, ip);
    if (!(await useTotp(ctx, user, code))) throw codeInvalid();
    return;
  }
  await checkCode(ctx, user.id, purpose, user.two_factor_phone ?? '', code, ip);
}

async function enforceCodeLimits(ctx: AppContext, userId: number, ip: string) {
  await enforceRateLimits(ctx, [
    [`code-check:ip:${ip}`, RATE_LIMITS.codeCheckPerIp],
    [`code-check:user:${userId}`, RATE_LIMITS.codeCheckPerUser],
  ]);
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
  await enforceCodeLimits(ctx, userId, ip);
  const { db } = ctx.database;
  const last = await q.latestAuthCode(db, userId, purpose);
  if (!last || last.used_at || last.phone !== phone) throw codeInvalid();
  if (last.expires_at.getTime() <= Date.now())
    throw badRequest('code.expired', 'code', ERROR_CODES.codeExpired);
  const attempts = await q.countAuthCodeAttempt(db, last.id);
  if (attempts > AUTH_CODE_MAX_ATTEMPTS)
    throw badRequest('code.tooManyAttempts', 'code', ERROR_CODES.codeAttempts);
  if (hashAuthCode(code, ctx.config.jwtSecret) !== last.code_hash) throw codeInvalid();
  await q.markAuthCodeUsed(db, last.id);
}

export type StepUpProof = { password?: string | undefined; code?: string | undefined };

/**
 * Step-up of an account change (e-mail, phone, two-factor off, bank-details and deletion requests): the current
 * password, or a code of the authenticator app, in the same call. Wrong ones count towards a per-user limit.
 */
export async function requireStepUp(ctx: AppContext, userId: number, proof: StepUpProof): Promise<UserRow> {
  const user = await q.findUserById(ctx.database.db, userId);
  if (!user?.password_hash) throw new AppError(401, ERROR_CODES.unauthorized, 'unauthorized');
  const key: Array<[string, typeof RATE_LIMITS.stepUpFailuresPerUser]> = [
    [`step-up:user:${userId}`, RATE_LIMITS.stepUpFailuresPerUser],
  ];
  if (proof.password) {
    await checkFailureLimits(ctx, key);
    if (await verifyPassword(proof.password, user.password_hash)) return user;
    await countFailure(ctx, key);
    throw badRequest('password.wrong', 'password', ERROR_CODES.wrongPassword);
  }
  if (proof.code && user.totp_enabled_at) {
    await checkFailureLimits(ctx, key);
    if (await useTotp(ctx, user, proof.code)) return user;
    await countFailure(ctx, key);
    throw codeInvalid();
  }
  throw new AppError(400, ERROR_CODES.stepUpRequired, 'stepUp.required', {
    fields: { password: 'stepUp.required' },
  });
}

/** Recovery codes left unused. */
export async function recoveryCodesLeft(ctx: AppContext, userId: number): Promise<number> {
  return q.unusedRecoveryCodeCount(ctx.database.db, userId);
}
