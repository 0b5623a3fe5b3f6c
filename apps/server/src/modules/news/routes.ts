import { errorResponseSchema } from '@portal/contract/errors';
import { newsPageResponseSchema, newsQuerySchema, newsResponseSchema } from '@portal/contract/news';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { newsPictureSvg } from './pictures.ts';
import { listNews, newsPage } from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export function newsRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['news'];
    app.get(
      '/news/page',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: "The news page's title image: desktop, tablet and mobile",
          response: { 200: newsPageResponseSchema, ...errors },
        },
      },
      () => newsPage(),
    );
    app.get(
      '/news',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'One page of the news for a role the user holds, newest first',
          querystring: newsQuerySchema,
          response: { 200: newsResponseSchema, ...errors },
        },
      },
      (request) => listNews(ctx, sessionOf(request), request.query),
    );
    app.get(
      '/media/news/:name',
      {
        schema: {
          tags,
          summary: 'A demo picture of the news page (generated drawing, nothing personal)',
          params: z.object({ name: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const svg = newsPictureSvg(request.params.name);
        if (!svg) throw notFound();
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400, immutable')
          .send(svg);
      },
    );
  };
}
