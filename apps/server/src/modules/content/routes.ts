import { contentApi } from '@portal/contract/backoffice-content';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { deleteFaq, deleteNews, saveFaq, saveNews, staffFaq, staffNews } from './service.ts';

/** /api/v1/backoffice/faq and /backoffice/news: the console's content (managers and admins). */
export function contentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(contentApi.faq, async (request) => ({ items: await staffFaq(ctx, sessionOf(request)) }));
    route(contentApi.createFaq, async (request) => ({
      id: await saveFaq(ctx, sessionOf(request), undefined, request.body),
    }));
    route(contentApi.updateFaq, async (request) => ({
      id: await saveFaq(ctx, sessionOf(request), request.params.id, request.body),
    }));
    route(contentApi.deleteFaq, async (request) => {
      await deleteFaq(ctx, sessionOf(request), request.params.id);
      return { success: true as const };
    });
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
