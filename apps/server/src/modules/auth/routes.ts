import { authApi } from '@portal/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as security from './security.ts';
import * as auth from './service.ts';
import { revokeSession } from './sessions.ts';

export function clientMeta(request: FastifyRequest): auth.ClientMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    locale: requestLocale(request),
    log: request.log,
  };
}

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);

    route(authApi.authenticate, (request) => auth.authenticate(ctx, request.body, clientMeta(request)));
    route(authApi.captchaVerify, async () => ({
      enabled: ctx.captcha.enabled,
      siteKey: ctx.captcha.siteKey,
    }));
    route(authApi.registration, async (request) => {
      await auth.register(ctx, request.body, clientMeta(request));
      return { success: true as const };
    });
    route(authApi.recovery, async (request) => {
      await auth.requestRecovery(ctx, request.body, clientMeta(request));
      return { success: true as const };
    });
    route(authApi.linkStatus, (request) => auth.linkStatus(ctx, request.body, clientMeta(request)));
    route(authApi.signUpPassword, (request) =>
      auth.setPasswordByLink(ctx, 'signup', request.body, clientMeta(request)),
    );
    route(authApi.recoveryPassword, (request) =>
      auth.setPasswordByLink(ctx, 'recovery', request.body, clientMeta(request)),
    );
    route(authApi.passwordChange, async (request) => {
      await auth.changePassword(ctx, sessionOf(request), request.body);
      return { success: true as const };
    });
    route(authApi.twoFactorCodeSend, async (request) => ({
      success: true as const,
      ...(await auth.sendTwoFactorCode(ctx, sessionOf(request), request.body)),
    }));
    route(authApi.twoFactorCode, async (request) => {
      await auth.confirmTwoFactorCode(ctx, sessionOf(request), request.body, request.ip);
      return { twoFactorEnabled: true };
    });
    route(authApi.twoFactorOff, async (request) => {
      await auth.turnOffTwoFactor(ctx, sessionOf(request), request.body ?? {});
      return { twoFactorEnabled: false };
    });
    route(authApi.totpSetup, (request) => security.startTotp(ctx, sessionOf(request), request.body ?? {}));
    route(authApi.totpEnable, (request) =>
      security.enableTotp(ctx, sessionOf(request), request.body, request.ip),
    );
    route(authApi.totpOff, async (request) => {
      await security.disableTotp(ctx, sessionOf(request), request.body ?? {});
      return { success: true as const };
    });
    route(authApi.recoveryCodes, (request) =>
      security.regenerateRecoveryCodes(ctx, sessionOf(request), request.body ?? {}),
    );
    route(authApi.sessions, async (request) => ({
      sessions: await security.listSessions(ctx, sessionOf(request)),
    }));
    route(authApi.endSession, async (request) => {
      await security.endSession(ctx, sessionOf(request), request.params.id);
      return { success: true as const };
    });
    route(authApi.endOtherSessions, async (request) => {
      await security.endOtherSessions(ctx, sessionOf(request));
      return { success: true as const };
    });
    route(authApi.logout, async (request) => {
      await revokeSession(ctx.database.db, sessionOf(request).sessionId);
      return { success: true as const };
    });
  };
}
