import {
  failedOutboxQuerySchema,
  failedOutboxResponseSchema,
  outboxIdParamsSchema,
} from '@portal/contract/backoffice-outbox';
import { errorResponseSchema, successSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireStaff, sessionOf } from '../../http/session-auth.ts';
import * as outbox from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** Undelivered mail and SMS in the console: managers and admins (owners get 403 before anything is read). */
export function backofficeOutboxRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const base = { onRequest: requireStaff(ctx) };
    const tags = ['backoffice'];
    const security = [{ bearer: [] }];

    app.get(
      '/backoffice/outbox/failed',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: 'E-mails and SMS that used up their delivery attempts, newest first',
          querystring: failedOutboxQuerySchema,
          response: { 200: failedOutboxResponseSchema, ...errors },
        },
      },
      (request) => outbox.listFailed(ctx, sessionOf(request), request.query.page),
    );

    app.post(
      '/backoffice/outbox/:id/resend',
      {
        ...base,
        schema: {
          tags,
          security,
          summary: 'Queue a failed message again with fresh attempts (audited)',
          params: outboxIdParamsSchema,
          response: {
            200: successSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            ...errors,
          },
        },
      },
      async (request) => {
        await outbox.resend(ctx, sessionOf(request), request.params.id);
        return { success: true as const };
      },
    );
  };
}
