import { contentApi } from '@portal/contract/backoffice-content';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { deleteNews, saveNews, staffNews } from './backoffice.ts';

/** /api/v1/backoffice/news: the console's news (managers and admins). */
export function backofficeNewsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(contentApi.news, async (request) => ({ items: await staffNews(ctx, sessionOf(request)) }));
    route(contentApi.createNews, async (request) => ({
      id: await saveNews(ctx, sessionOf(request), undefined, request.body),
    }));
    route(contentApi.updateNews, async (request) => ({
      id: await saveNews(ctx, sessionOf(request), request.params.id, request.body),
    }));
    route(contentApi.deleteNews, async (request) => {
      await deleteNews(ctx, sessionOf(request), request.params.id);
      return { success: true as const };
    });
  };
}
