import { notificationsApi } from '@portal/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../http/rate-limit.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { regenerateStatement } from '../statements/service.ts';
import * as notifications from './service.ts';

/** The activity list, the settings per kind, a mail's one-click unsubscribe, and the console's statements. */
export function notificationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form: the query carries the
    // signed link, so the body is read and set aside.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    route(notificationsApi.notifications, (request) => notifications.activity(ctx, sessionOf(request)));
    route(notificationsApi.unreadCount, (request) => notifications.unreadCount(ctx, sessionOf(request)));
    route(notificationsApi.markRead, (request) =>
      notifications.markRead(ctx, sessionOf(request), request.body),
    );
    route(notificationsApi.settings, (request) => notifications.settings(ctx, sessionOf(request)));
    route(notificationsApi.updateSettings, (request) =>
      notifications.updateSettings(ctx, sessionOf(request), request.body),
    );
    route(notificationsApi.unsubscribe, async (request) => {
      await enforceRateLimits(ctx, [[`unsubscribe:ip:${request.ip}`, RATE_LIMITS.linkUsePerIp]]);
      return notifications.unsubscribe(ctx, request.query);
    });
    route(notificationsApi.regenerateStatement, (request) =>
      regenerateStatement(ctx, sessionOf(request), request.params.id, request.body),
    );
  };
}
