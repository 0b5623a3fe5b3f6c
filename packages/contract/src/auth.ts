import { z } from 'zod';
import { AUTH_CODE_LENGTH, ROLE_CODES } from './constants.ts';
import { emailSchema, passwordSchema, phoneSchema } from './validation.ts';

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
    .regex(new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`), { error: 'code.format' })
    .optional()
    .describe('Six-digit code sent by SMS, when the account has two-factor authentication on'),
});
export const authenticateResponseSchema = z.union([
  z.object({
    token: z.string().describe('Bearer token; store it under user_jwt_token'),
    roles: z.array(roleSchema),
    staffRoles: z.array(z.enum(['MANAGER', 'ADMIN'])),
  }),
  z.object({
    codeRequired: z.literal(true),
    phone: z.string().describe('Masked phone the code was sent to'),
  }),
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
});
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;
export const tokenResponseSchema = z.object({
  token: z.string(),
  roles: z.array(roleSchema),
  staffRoles: z.array(z.enum(['MANAGER', 'ADMIN'])),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /api/v1/users/password/change */
export const passwordChangeRequestSchema = z.object({
  oldPassword: z.string({ error: 'password.required' }).min(1, { error: 'password.required' }).max(200),
  newPassword: passwordSchema,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

const codeSchema = z
  .string({ error: 'code.format' })
  .regex(new RegExp(`^\\d{${AUTH_CODE_LENGTH}}$`), { error: 'code.format' });

/** POST /api/v1/users/authentification/code/send: sends a code to the phone to turn two-factor on. */
export const sendAuthCodeRequestSchema = z.object({ phone: phoneSchema });
export const sendAuthCodeResponseSchema = z.object({
  success: z.literal(true),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SendAuthCodeResponse = z.infer<typeof sendAuthCodeResponseSchema>;

/** POST /api/v1/users/authentification/code: checks the code and turns two-factor authentication on. */
export const authCodeRequestSchema = z.object({ code: codeSchema, phone: phoneSchema });
export type AuthCodeRequest = z.input<typeof authCodeRequestSchema>;
export const twoFactorStateSchema = z.object({ twoFactorEnabled: z.boolean() });

/** POST /api/v1/users/logout revokes the current session. */
