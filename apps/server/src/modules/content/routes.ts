import {
  contentIdParamsSchema,
  contentSavedSchema,
  staffFaqBodySchema,
  staffFaqListSchema,
  staffNewsBodySchema,
  staffNewsListSchema,
} from '@portal/contract/backoffice-content';
import { errorResponseSchema } from '@portal/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireStaff, sessionOf } from '../../http/session-auth.ts';
import { deleteFaq, deleteNews, saveFaq, saveNews, staffFaq, staffNews } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const deleted = z.object({ success: z.literal(true) });

/** /api/v1/backoffice/faq and /backoffice/news: the console's content (managers and admins). */
export function contentRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireStaff(ctx) };
    const security = [{ bearer: [] }];
    const tags = ['backoffice'];
    app.get(
      '/backoffice/faq',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Every FAQ entry, drafts too',
          response: { 200: staffFaqListSchema, ...errors },
        },
      },
      async (request) => ({ items: await staffFaq(ctx, sessionOf(request)) }),
    );
    app.post(
      '/backoffice/faq',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'A new FAQ entry',
          body: staffFaqBodySchema,
          response: { 200: contentSavedSchema, ...errors },
        },
      },
      async (request) => ({ id: await saveFaq(ctx, sessionOf(request), undefined, request.body) }),
    );
    app.put(
      '/backoffice/faq/:id',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Changes an FAQ entry',
          params: contentIdParamsSchema,
          body: staffFaqBodySchema,
          response: { 200: contentSavedSchema, ...errors },
        },
      },
      async (request) => ({ id: await saveFaq(ctx, sessionOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/backoffice/faq/:id',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Deletes an FAQ entry',
          params: contentIdParamsSchema,
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await deleteFaq(ctx, sessionOf(request), request.params.id);
        return { success: true as const };
      },
    );
    app.get(
      '/backoffice/news',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'The newest 200 news items, drafts too',
          response: { 200: staffNewsListSchema, ...errors },
        },
      },
      async (request) => ({ items: await staffNews(ctx, sessionOf(request)) }),
    );
    app.post(
      '/backoffice/news',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'A new news item',
          body: staffNewsBodySchema,
          response: { 200: contentSavedSchema, ...errors },
        },
      },
      async (request) => ({ id: await saveNews(ctx, sessionOf(request), undefined, request.body) }),
    );
    app.put(
      '/backoffice/news/:id',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Changes a news item',
          params: contentIdParamsSchema,
          body: staffNewsBodySchema,
          response: { 200: contentSavedSchema, ...errors },
        },
      },
      async (request) => ({ id: await saveNews(ctx, sessionOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/backoffice/news/:id',
      {
        ...authed,
        schema: {
          tags,
          security,
          summary: 'Deletes a news item',
          params: contentIdParamsSchema,
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await deleteNews(ctx, sessionOf(request), request.params.id);
        return { success: true as const };
      },
    );
  };
}
