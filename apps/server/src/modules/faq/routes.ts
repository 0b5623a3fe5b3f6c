import { faqApi } from '@portal/contract/faq';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { listFaq, sendQuestion } from './service.ts';

export function faqRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(faqApi.list, async () => ({ faq: await listFaq(ctx) }));
    route(faqApi.sendQuestion, async (request) => ({
      success: true as const,
      requestId: await sendQuestion(ctx, sessionOf(request), request.body.question),
    }));
  };
}
