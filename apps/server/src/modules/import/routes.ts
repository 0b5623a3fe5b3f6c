import { IMPORT_MAX_BYTES, importApi } from '@portal/contract/backoffice';
import { importFilesApi } from '@portal/contract/backoffice-import';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { requestLocale } from '../../http/locale.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { portalNow } from '../../shared/clock.ts';
import { staffScope } from '../access/service.ts';
import { importRowCheck } from '../backoffice/import-scope.ts';
import { describeColumns } from './columns.ts';
import { exportCsv, kindTemplate, templateIds } from './exports.ts';
import { detectFormat } from './formats.ts';
import { importBatchRows, runMeasuredImport } from './service.ts';

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
        return runMeasuredImport(ctx.metrics, ctx.database.db, request.params.kind, data, {
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

    const csv = (reply: FastifyReply, fileName: string, text: string) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName))
        .send(text);
    route(importFilesApi.template, async (request, reply) => {
      const scope = await staffScope(ctx, sessionOf(request));
      const { kind } = request.params;
      const now = portalNow(ctx.config.portalToday);
      const text = await kindTemplate(ctx.database.db, kind, requestLocale(request), scope, now);
      return csv(reply, `${kind}-template.csv`, text);
    });
    route(importFilesApi.columns, async (request) => {
      const scope = await staffScope(ctx, sessionOf(request));
      const { kind } = request.params;
      const ids = await templateIds(ctx.database.db, scope, portalNow(ctx.config.portalToday));
      return { kind, columns: describeColumns(kind, requestLocale(request), ids) };
    });
    route(importFilesApi.export, async (request, reply) => {
      const session = sessionOf(request);
      const scope = await staffScope(ctx, session);
      const { kind } = request.params;
      const { db } = ctx.database;
      const text = await exportCsv(db, kind, requestLocale(request), await importRowCheck(db, scope));
      return csv(reply, `${kind}.csv`, text);
    });
  };
}
