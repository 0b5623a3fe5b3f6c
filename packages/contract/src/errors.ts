import { z } from 'zod';

/**
 * Every error answer of /api: `{ error: { code, message, fields?, requestId? } }`; message is in the user's language.
 */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().describe('Stable machine code, e.g. validation, unauthorized, rate_limited'),
      message: z.string().describe("Human message in the request's locale (ru default, en)"),
      fields: z.record(z.string(), z.string()).optional().describe('Per-field messages for form errors'),
      requestId: z
        .string()
        .optional()
        .describe(
          'The X-Request-Id of the request (the one sent, else made): quote it to find its log lines',
        ),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const ERROR_CODES = {
  validation: 'validation',
  invalidJson: 'invalid_json',
  tooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  loginFailed: 'login_failed',
  wrongPassword: 'wrong_password',
  linkInvalid: 'link_invalid',
  codeInvalid: 'code_invalid',
  codeExpired: 'code_expired',
  codeAttempts: 'code_attempts_exceeded',
  codeResendTooEarly: 'code_resend_too_early',
  captchaFailed: 'captcha_failed',
  stepUpRequired: 'step_up_required',
  secondFactorRequired: 'second_factor_required',
  rateLimited: 'rate_limited',
  serviceUnavailable: 'service_unavailable',
  storageFull: 'storage_full',
  internal: 'internal',
} as const;

export const successSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' });
