import {
  IMPORT_MAX_BYTES,
  importParamsSchema,
  importQuerySchema,
  importReportSchema,
} from '@portal/contract/backoffice';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { requireStaff, sessionOf } from '../../http/session-auth.ts';
import { staffScope } from '../backoffice/service.ts';
import { detectFormat } from './formats.ts';
import { runImport } from './service.ts';

/** Data import from the console: the CSV or JSON file is the request body, read as text (own scope). */
export function importRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser(
      ['application/json', 'text/csv', 'text/plain', 'application/octet-stream'],
      { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/backoffice/import/:kind',
      {
        onRequest: requireStaff(ctx),
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          tags: ['backoffice'],
          security: [{ bearer: [] }],
          summary: 'Import a CSV or JSON file of bookings, monthly incomes or income and expense rows',
          params: importParamsSchema,
          querystring: importQuerySchema,
          response: {
            200: importReportSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            413: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        await staffScope(ctx, session);
        const text = typeof request.body === 'string' ? request.body : '';
        return runImport(ctx.database.db, request.params.kind, text, {
          format: detectFormat(text, request.headers['content-type']),
          skipInvalid: request.query.skipInvalid,
          locale: requestLocale(request),
          actorUserId: session.userId,
          source: 'console',
          fileName:
            typeof request.headers['x-file-name'] === 'string'
              ? decodeURIComponent(request.headers['x-file-name'])
              : undefined,
        });
      },
    );
  };
}
