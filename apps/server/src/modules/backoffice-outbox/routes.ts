import { backofficeOutboxApi } from '@portal/contract/backoffice-outbox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import * as outbox from './service.ts';

/** Undelivered mail and SMS in the console: managers and admins (owners get 403 before anything is read). */
export function backofficeOutboxRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);

    route(backofficeOutboxApi.failed, (request) =>
      outbox.listFailed(ctx, sessionOf(request), request.query.page),
    );
    route(backofficeOutboxApi.resend, async (request) => {
      await outbox.resend(ctx, sessionOf(request), request.params.id);
      return { success: true as const };
    });
  };
}
