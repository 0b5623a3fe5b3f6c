import {
  authCodeRequestSchema,
  authenticateRequestSchema,
  authenticateResponseSchema,
  captchaVerifyRequestSchema,
  captchaVerifyResponseSchema,
  passwordChangeRequestSchema,
  recoveryCodesResponseSchema,
  recoveryRequestSchema,
  registrationRequestSchema,
  sendAuthCodeRequestSchema,
  sendAuthCodeResponseSchema,
  sessionsResponseSchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
  stepUpRequestSchema,
  totpEnableRequestSchema,
  totpSetupResponseSchema,
  twoFactorStateSchema,
} from '@portal/contract/auth';
import { errorResponseSchema, successSchema } from '@portal/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import * as security from './security.ts';
import * as auth from './service.ts';
import { revokeSession } from './sessions.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

export function clientMeta(request: FastifyRequest): auth.ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: requestLocale(request) };
}

export function authRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const tags = ['auth'];

    app.post(
      '/authenticate',
      {
        schema: {
          tags,
          summary: 'Sign in by e-mail or +7 phone and password (and the SMS code when two-factor is on)',
          body: authenticateRequestSchema,
          response: { 200: authenticateResponseSchema, ...errors },
        },
      },
      (request) => auth.authenticate(ctx, request.body, clientMeta(request)),
    );

    app.post(
      '/captcha-verify',
      {
        schema: {
          tags,
          summary: 'Whether captcha is on and its site key',
          body: captchaVerifyRequestSchema.optional(),
          response: { 200: captchaVerifyResponseSchema },
        },
      },
      async () => ({ enabled: ctx.captcha.enabled, siteKey: ctx.captcha.siteKey }),
    );

    app.post(
      '/users/registration',
      {
        schema: {
          tags,
          summary: 'Send the activation link to a contact from a contract (same answer for unknown contacts)',
          body: registrationRequestSchema,
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        await auth.register(ctx, request.body, clientMeta(request));
        return { success: true as const };
      },
    );

    app.post(
      '/users/password/recovery',
      {
        schema: {
          tags,
          summary: 'Send the recovery link (same answer for unknown addresses)',
          body: recoveryRequestSchema,
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        await auth.requestRecovery(ctx, request.body, clientMeta(request));
        return { success: true as const };
      },
    );

    app.post(
      '/users/information',
      {
        schema: {
          tags,
          summary:
            'Set the password through the activation link; activates the account and signs in (with two-factor on, first answers which code to enter)',
          body: setPasswordRequestSchema,
          response: { 200: setPasswordResponseSchema, ...errors },
        },
      },
      (request) => auth.setPasswordByLink(ctx, 'signup', request.body, clientMeta(request)),
    );

    app.post(
      '/users/password/fill',
      {
        schema: {
          tags,
          summary:
            'Set a new password through the recovery link and sign in (with two-factor on, first answers which code to enter)',
          body: setPasswordRequestSchema,
          response: { 200: setPasswordResponseSchema, ...errors },
        },
      },
      (request) => auth.setPasswordByLink(ctx, 'recovery', request.body, clientMeta(request)),
    );

    app.post(
      '/users/password/change',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Change the password; other sessions are signed out',
          body: passwordChangeRequestSchema,
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        await auth.changePassword(ctx, sessionOf(request), request.body);
        return { success: true as const };
      },
    );

    app.post(
      '/users/authentification/code/send',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Send a six-digit code by SMS to turn two-factor sign-in on (again after 30 s)',
          body: sendAuthCodeRequestSchema,
          response: { 200: sendAuthCodeResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await auth.sendTwoFactorCode(ctx, sessionOf(request), request.body.phone)),
      }),
    );

    app.post(
      '/users/authentification/code',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Check the code (5 minutes, 5 tries) and turn two-factor sign-in on',
          body: authCodeRequestSchema,
          response: { 200: twoFactorStateSchema, ...errors },
        },
      },
      async (request) => {
        await auth.confirmTwoFactorCode(ctx, sessionOf(request), request.body, request.ip);
        return { twoFactorEnabled: true };
      },
    );

    app.post(
      '/users/authentification/off',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Turn two-factor sign-in by SMS off (the current password or an authenticator code)',
          body: stepUpRequestSchema,
          response: { 200: twoFactorStateSchema, ...errors },
        },
      },
      async (request) => {
        await auth.turnOffTwoFactor(ctx, sessionOf(request), request.body ?? {});
        return { twoFactorEnabled: false };
      },
    );

    app.post(
      '/users/totp/setup',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Start turning the authenticator app on: a new secret and the QR code of its otpauth URI',
          response: { 200: totpSetupResponseSchema, ...errors },
        },
      },
      (request) => security.startTotp(ctx, sessionOf(request)),
    );

    app.post(
      '/users/totp/enable',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: "The app's first code turns it on; answers ten single-use recovery codes, shown only now",
          body: totpEnableRequestSchema,
          response: { 200: recoveryCodesResponseSchema, ...errors },
        },
      },
      (request) => security.enableTotp(ctx, sessionOf(request), request.body.code, request.ip),
    );

    app.post(
      '/users/totp/off',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Turn the authenticator app off (the current password or an authenticator code)',
          body: stepUpRequestSchema,
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        await security.disableTotp(ctx, sessionOf(request), request.body ?? {});
        return { success: true as const };
      },
    );

    app.post(
      '/users/recovery-codes',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary:
            'Ten new recovery codes in place of the old ones (the current password or an authenticator code)',
          body: stepUpRequestSchema,
          response: { 200: recoveryCodesResponseSchema, ...errors },
        },
      },
      (request) => security.regenerateRecoveryCodes(ctx, sessionOf(request), request.body ?? {}),
    );

    app.get(
      '/users/sessions',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary:
            'The sessions that still work: device, IP, started, last seen (moves at most once a minute)',
          response: { 200: sessionsResponseSchema, ...errors },
        },
      },
      async (request) => ({ sessions: await security.listSessions(ctx, sessionOf(request)) }),
    );

    app.delete(
      '/users/sessions/:id',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: "End one of the user's sessions",
          params: z.object({ id: z.uuid({ error: 'notFound' }) }),
          response: { 200: successSchema, 404: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        await security.endSession(ctx, sessionOf(request), request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/users/sessions/end-others',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'End every other session of the user',
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        await security.endOtherSessions(ctx, sessionOf(request));
        return { success: true as const };
      },
    );

    app.post(
      '/users/logout',
      {
        ...authed,
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Sign out: the token stops working',
          response: { 200: successSchema, ...errors },
        },
      },
      async (request) => {
        await revokeSession(ctx.database.db, sessionOf(request).sessionId);
        return { success: true as const };
      },
    );
  };
}
