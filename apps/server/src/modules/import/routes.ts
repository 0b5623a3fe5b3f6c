import { IMPORT_MAX_BYTES, importApi } from '@portal/contract/backoffice';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { staffScope } from '../access/service.ts';
import { importRowCheck } from '../backoffice/import-scope.ts';
import { detectFormat } from './formats.ts';
import { importBatchRows, runImport } from './service.ts';

/**
 * Data import from the console: the CSV or JSON file is the request body (own scope), taken as bytes up to
 * IMPORT_MAX_BYTES (beyond: 413 before the rest is read) and decoded by the import (UTF-8 or windows-1251).
 */
export function importRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser(
      ['application/json', 'text/csv', 'text/plain', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    const route = routesOf(app, ctx);
    route(
      importApi.import,
      async (request) => {
        const session = sessionOf(request);
        const scope = await staffScope(ctx, session);
        const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return runImport(ctx.database.db, request.params.kind, data, {
          format: detectFormat(data, request.headers['content-type']),
          skipInvalid: request.query.skipInvalid,
          batchRows: importBatchRows(ctx.database.kind),
          locale: requestLocale(request),
          actorUserId: session.userId,
          rowCheck: await importRowCheck(ctx.database.db, scope),
          source: 'console',
          fileName:
            typeof request.headers['x-file-name'] === 'string'
              ? decodeURIComponent(request.headers['x-file-name'])
              : undefined,
        });
      },
      { bodyLimit: IMPORT_MAX_BYTES },
    );
  };
}
