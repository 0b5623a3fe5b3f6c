import { z } from 'zod';
import { AUTH_CODE_LENGTH, ROLE_CODES } from './constants.ts';
import { successSchema } from './errors.ts';
import { SECOND_FACTOR_CODE_PATTERN } from './field-rules.ts';
import { defineRoute } from './route.ts';
import { emailSchema, passwordSchema, phoneSchema } from './validation.ts';

/** Defined without zod in field-rules.ts (the sign-in screen's code step uses it); re-exported for the server. */
export { SECOND_FACTOR_CODE_PATTERN };

const roleSchema = z.object({ code: z.enum(ROLE_CODES), name: z.string() });

const captchaTokenSchema = z
  .string()
  .max(4096)
  .optional()
  .describe('SmartCaptcha token from the widget; required when captcha is on');

/** POST /api/v1/authenticate */
export const authenticateRequestSchema = z.object({
  login: z.string({ error: 'login.required' }).trim().min(1, { error: 'login.required' }).max(254),
  password: z.string({ error: 'password.required' }).min(1, { error: 'password.required' }).max(200),
  captchaToken: captchaTokenSchema,
  code: z
    .string()
    .trim()
    .regex(SECOND_FACTOR_CODE_PATTERN, { error: 'code.recoveryFormat' })
    .optional()
    .describe(
      'The code the previous answer asked for: the six-digit mailed, SMS or authenticator code, or one of the recovery codes (xxxxx-xxxxx)',
    ),
});
/**
 * The answer when a code is needed before a token: enter the code of `method` and send the same call again with it.
 * `sms`: a code was sent to `phone` (the two-factor phone; or, for a sign-in challenge of an account without an
 * e-mail, the account's phone); `totp`: the authenticator app's code or a recovery code; `email` (sign-in only): the
 * account has had many failed sign-ins and this address never signed in to it, so a one-time code was mailed to the
 * account's `email`. Every sent code is six digits, valid 5 minutes with 5 tries; calling again without `code` sends
 * a new one at most every 30 seconds. With two-factor on too, a right `email` code answers the second factor's
 * challenge next.
 */
export const codeChallengeSchema = z.object({
  codeRequired: z.literal(true),
  method: z
    .enum(['sms', 'totp', 'email'])
    .describe(
      'sms: a code was sent to the phone; totp: the authenticator app; email: a sign-in code was mailed to the account',
    ),
  phone: z.string().optional().describe('Masked phone the code was sent to (method sms)'),
  email: z
    .string()
    .optional()
    .describe('Masked e-mail the code was sent to (method email), e.g. iv***@example.com'),
});
export type CodeChallenge = z.infer<typeof codeChallengeSchema>;
export const authenticateResponseSchema = z.union([
  z.object({
    token: z.string().describe('Bearer token; store it under user_jwt_token'),
    roles: z.array(roleSchema),
    staffRoles: z.array(z.enum(['MANAGER', 'ADMIN'])),
  }),
  codeChallengeSchema,
]);
export type AuthenticateRequest = z.input<typeof authenticateRequestSchema>;
export type AuthenticateResponse = z.infer<typeof authenticateResponseSchema>;

/** POST /api/v1/captcha-verify */
export const captchaVerifyRequestSchema = z.object({
  isLocal: z.boolean().optional(),
  siteKey: z.string().max(200).optional(),
});
export const captchaVerifyResponseSchema = z.object({
  enabled: z.boolean(),
  siteKey: z.string().nullable(),
});
export type CaptchaVerifyResponse = z.infer<typeof captchaVerifyResponseSchema>;

/** POST /api/v1/users/registration: an e-mail or a phone from the contract. */
export const registrationRequestSchema = z
  .object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    captchaToken: captchaTokenSchema,
  })
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    error: 'registration.contactRequired',
    path: ['email'],
  });
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;

/** POST /api/v1/users/password/recovery */
export const recoveryRequestSchema = z.object({ email: emailSchema, captchaToken: captchaTokenSchema });
export type RecoveryRequest = z.input<typeof recoveryRequestSchema>;

/** POST /api/v1/users/information (sign-up) and /users/password/fill (recovery) */
export const setPasswordRequestSchema = z.object({
  link: z.string({ error: 'link.invalid' }).min(1, { error: 'link.invalid' }).max(200),
  password: passwordSchema,
  code: authenticateRequestSchema.shape.code,
});
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;

/**
 * POST /api/v1/users/link-status (ours; the spec has no such call): whether an activation or recovery link still
 * works, checked without spending it, so the link page shows 'no longer valid' before any password is typed. An
 * unknown, used or expired link (or one of a deactivated account) answers the same `valid: false`.
 */
export const linkStatusRequestSchema = z.object({
  link: setPasswordRequestSchema.shape.link,
  kind: z.enum(['signup', 'recovery']).describe('signup: /activation/{link}; recovery: /recovery/{link}'),
});
export type LinkStatusRequest = z.input<typeof linkStatusRequestSchema>;
export const linkStatusResponseSchema = z.object({
  valid: z.boolean().describe('true while the link can still set a password'),
});
export type LinkStatusResponse = z.infer<typeof linkStatusResponseSchema>;

export const tokenResponseSchema = z.object({
  token: z.string(),
  roles: z.array(roleSchema),
  staffRoles: z.array(z.enum(['MANAGER', 'ADMIN'])),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
/** The link calls answer a session, or first (two-factor on) which code to enter. */
export const setPasswordResponseSchema = z.union([tokenResponseSchema, codeChallengeSchema]);
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;

/** POST /api/v1/users/password/change */
export const passwordChangeRequestSchema = z.object({
  oldPassword: z.string({ error: 'password.required' }).min(1, { error: 'password.required' }).max(200),
  newPassword: passwordSchema,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

const codeSchema = z
  .string({ error: 'code.format' })
  .regex(new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`), { error: 'code.format' });

/**
 * The current password of a change of e-mail, phone or any factor (enrolment included): a stolen session alone, or
 * a factor the thief enrolled with it, must not vouch for taking the account. Missing: 400 step_up_required; wrong:
 * 400 wrong_password (counted towards the per-user step-up limit).
 */
export const passwordProofFields = {
  password: z.string().max(200).optional().describe('The current password'),
};
export const passwordProofRequestSchema = z.object(passwordProofFields).nullish();
export type PasswordProofRequest = z.input<typeof passwordProofRequestSchema>;

/**
 * POST /api/v1/users/authentification/code/send: sends a code to turn two-factor on, with the current password.
 * Codes go only to the account's own phone (users.phone): another phone is 400 and nothing is sent.
 */
export const sendAuthCodeRequestSchema = z.object({ phone: phoneSchema, ...passwordProofFields });
export const sendAuthCodeResponseSchema = z.object({
  success: z.literal(true),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SendAuthCodeResponse = z.infer<typeof sendAuthCodeResponseSchema>;

/** POST /api/v1/users/authentification/code: checks the code and turns two-factor on (with the current password). */
export const authCodeRequestSchema = z.object({
  code: codeSchema,
  phone: phoneSchema,
  ...passwordProofFields,
});
export type AuthCodeRequest = z.input<typeof authCodeRequestSchema>;
export const twoFactorStateSchema = z.object({ twoFactorEnabled: z.boolean() });

/** POST /api/v1/users/logout revokes the current session. */

/**
 * Step-up of a request to the manager (users/send-change-data-request of bank details, users/deleteaccount): the
 * current password, or a code of an authenticator app enabled more than a day ago, in the same call. A change of
 * e-mail, phone or any factor takes the password only (passwordProofFields).
 */
export const stepUpFields = {
  ...passwordProofFields,
  code: z
    .string()
    .trim()
    .max(20)
    .optional()
    .describe('Or a code of an authenticator app enabled more than 24 hours ago (requests only)'),
};
export const stepUpRequestSchema = z.object(stepUpFields).nullish();
export type StepUpRequest = z.input<typeof stepUpRequestSchema>;

/** POST /api/v1/users/totp/setup: a new secret waiting for its first code. */
export const totpSetupResponseSchema = z.object({
  secret: z.string().describe('Base32 secret to type into the app by hand'),
  otpauthUri: z.string(),
  qrSvg: z.string().describe('SVG image of the QR code of otpauthUri'),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

/** POST /api/v1/users/totp/enable: the app's first code and the password turn it on; recovery codes shown now. */
export const totpEnableRequestSchema = z.object({ code: codeSchema, ...passwordProofFields });
export const recoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).describe('Ten single-use codes, shown once'),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** GET /api/v1/users/sessions: the sessions that still work. */
export const sessionsResponseSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      userAgent: z.string().nullable(),
      ip: z.string().nullable(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      current: z.boolean(),
    }),
  ),
});
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;
export type SessionInfo = SessionsResponse['sessions'][number];

/** DELETE /api/v1/users/sessions/:id: a session's id (not a uuid: no such session, 404). */
export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: 'notFound' }) });

/** The sign-in, sign-up and recovery calls, and the account security of the profile. */
export const authApi = {
  authenticate: defineRoute({
    method: 'POST',
    path: '/authenticate',
    summary:
      'Sign in by e-mail or +7 phone and password (and the code when two-factor is on, or when the account is past its ceiling of failed sign-ins and the address is new)',
    tags: ['auth'],
    access: 'public',
    body: authenticateRequestSchema,
    response: authenticateResponseSchema,
    errors: [401, 429],
  }),
  captchaVerify: defineRoute({
    method: 'POST',
    path: '/captcha-verify',
    summary: 'Whether captcha is on and its site key',
    tags: ['auth'],
    access: 'public',
    body: captchaVerifyRequestSchema.optional(),
    response: captchaVerifyResponseSchema,
  }),
  registration: defineRoute({
    method: 'POST',
    path: '/users/registration',
    summary: 'Send the activation link to a contact from a contract (same answer for unknown contacts)',
    tags: ['auth'],
    access: 'public',
    body: registrationRequestSchema,
    response: successSchema,
    errors: [429],
  }),
  recovery: defineRoute({
    method: 'POST',
    path: '/users/password/recovery',
    summary: 'Send the recovery link (same answer for unknown addresses)',
    tags: ['auth'],
    access: 'public',
    body: recoveryRequestSchema,
    response: successSchema,
    errors: [429],
  }),
  linkStatus: defineRoute({
    method: 'POST',
    path: '/users/link-status',
    summary:
      'Whether an activation or recovery link still works, without spending it (the same answer for unknown, used and expired links)',
    tags: ['auth'],
    access: 'public',
    body: linkStatusRequestSchema,
    response: linkStatusResponseSchema,
    errors: [429],
  }),
  signUpPassword: defineRoute({
    method: 'POST',
    path: '/users/information',
    summary:
      'Set the password through the activation link; activates the account and signs in (with two-factor on, first answers which code to enter)',
    tags: ['auth'],
    access: 'public',
    body: setPasswordRequestSchema,
    response: setPasswordResponseSchema,
    errors: [429],
  }),
  recoveryPassword: defineRoute({
    method: 'POST',
    path: '/users/password/fill',
    summary:
      'Set a new password through the recovery link and sign in (with two-factor on, first answers which code to enter)',
    tags: ['auth'],
    access: 'public',
    body: setPasswordRequestSchema,
    response: setPasswordResponseSchema,
    errors: [429],
  }),
  passwordChange: defineRoute({
    method: 'POST',
    path: '/users/password/change',
    summary: 'Change the password; other sessions are signed out',
    tags: ['auth'],
    access: 'session',
    body: passwordChangeRequestSchema,
    response: successSchema,
    errors: [429],
  }),
  twoFactorCodeSend: defineRoute({
    method: 'POST',
    path: '/users/authentification/code/send',
    summary:
      "Send a six-digit code by SMS to the account's own phone to turn two-factor sign-in on (again after 30 s); needs the current password",
    tags: ['auth'],
    access: 'session',
    body: sendAuthCodeRequestSchema,
    response: sendAuthCodeResponseSchema,
    errors: [429],
  }),
  twoFactorCode: defineRoute({
    method: 'POST',
    path: '/users/authentification/code',
    summary:
      'Check the code (5 minutes, 5 tries) and turn two-factor sign-in on; needs the current password, ends the other sessions, mails the account',
    tags: ['auth'],
    access: 'session',
    body: authCodeRequestSchema,
    response: twoFactorStateSchema,
    errors: [429],
  }),
  twoFactorOff: defineRoute({
    method: 'POST',
    path: '/users/authentification/off',
    summary:
      'Turn two-factor sign-in by SMS off (the current password); ends the other sessions, mails the account',
    tags: ['auth'],
    access: 'session',
    body: passwordProofRequestSchema,
    response: twoFactorStateSchema,
    errors: [429],
  }),
  totpSetup: defineRoute({
    method: 'POST',
    path: '/users/totp/setup',
    summary:
      'Start turning the authenticator app on (the current password): a new secret and the QR code of its otpauth URI',
    tags: ['auth'],
    access: 'session',
    body: passwordProofRequestSchema,
    response: totpSetupResponseSchema,
    errors: [429],
  }),
  totpEnable: defineRoute({
    method: 'POST',
    path: '/users/totp/enable',
    summary:
      "The app's first code and the current password turn it on; answers ten single-use recovery codes, shown only now; ends the other sessions, mails the account",
    tags: ['auth'],
    access: 'session',
    body: totpEnableRequestSchema,
    response: recoveryCodesResponseSchema,
    errors: [429],
  }),
  totpOff: defineRoute({
    method: 'POST',
    path: '/users/totp/off',
    summary:
      'Turn the authenticator app off (the current password); ends the other sessions, mails the account',
    tags: ['auth'],
    access: 'session',
    body: passwordProofRequestSchema,
    response: successSchema,
    errors: [429],
  }),
  recoveryCodes: defineRoute({
    method: 'POST',
    path: '/users/recovery-codes',
    summary:
      'Ten new recovery codes in place of the old ones (the current password); ends the other sessions, mails the account',
    tags: ['auth'],
    access: 'session',
    body: passwordProofRequestSchema,
    response: recoveryCodesResponseSchema,
    errors: [429],
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/users/sessions',
    summary: 'The sessions that still work: device, IP, started, last seen (moves at most once a minute)',
    tags: ['auth'],
    access: 'session',
    response: sessionsResponseSchema,
    errors: [429],
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/users/sessions/:id',
    summary: "End one of the user's sessions",
    tags: ['auth'],
    access: 'session',
    params: sessionIdParamsSchema,
    response: successSchema,
    errors: [404, 429],
  }),
  endOtherSessions: defineRoute({
    method: 'POST',
    path: '/users/sessions/end-others',
    summary: 'End every other session of the user',
    tags: ['auth'],
    access: 'session',
    response: successSchema,
    errors: [429],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/users/logout',
    summary: 'Sign out: the token stops working',
    tags: ['auth'],
    access: 'session',
    response: successSchema,
    errors: [429],
  }),
};
