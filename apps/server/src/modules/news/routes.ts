import { newsApi } from '@portal/contract/news';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { routesOf } from '../../http/route.ts';
import { sessionOf } from '../../http/session-auth.ts';
import { newsPictureSvg } from './pictures.ts';
import { listNews, newsPage } from './service.ts';

export function newsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = routesOf(app, ctx);
    route(newsApi.page, () => newsPage());
    route(newsApi.list, (request) => listNews(ctx, sessionOf(request), request.query));
    route(newsApi.picture, async (request, reply) => {
      const svg = newsPictureSvg(request.params.name);
      if (!svg) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(svg);
    });
  };
}
