import {
  authCodeRequestSchema,
  authenticateRequestSchema,
  authenticateResponseSchema,
  captchaVerifyRequestSchema,
  captchaVerifyResponseSchema,
  passwordChangeRequestSchema,
  recoveryRequestSchema,
  registrationRequestSchema,
  sendAuthCodeRequestSchema,
  sendAuthCodeResponseSchema,
  setPasswordRequestSchema,
  tokenResponseSchema,
  twoFactorStateSchema,
} from '@portal/contract/auth';
import { errorResponseSchema, successSchema } from '@portal/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
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
          summary: 'Set the password through the activation link; activates the account and signs in',
          body: setPasswordRequestSchema,
          response: { 200: tokenResponseSchema, ...errors },
        },
      },
      (request) => auth.setPasswordByLink(ctx, 'signup', request.body, clientMeta(request)),
    );

    app.post(
      '/users/password/fill',
      {
        schema: {
          tags,
          summary: 'Set a new password through the recovery link and sign in',
          body: setPasswordRequestSchema,
          response: { 200: tokenResponseSchema, ...errors },
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
          summary: 'Turn two-factor sign-in off',
          response: { 200: twoFactorStateSchema, ...errors },
        },
      },
      async (request) => {
        await auth.turnOffTwoFactor(ctx, sessionOf(request));
        return { twoFactorEnabled: false };
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
