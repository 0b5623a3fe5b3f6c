import { contentApi } from '@portal/contract/backoffice-content';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { deleteFaq, saveFaq, staffFaq } from './backoffice.ts';

/** /api/v1/backoffice/faq: the console's FAQ (managers and admins). */
export function backofficeFaqRoutes(ctx: AppContext) {
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
  };
}
