import { requestCreatedResponseSchema } from '@portal/contract/account';
import { errorResponseSchema } from '@portal/contract/errors';
import { faqQuestionRequestSchema, faqResponseSchema } from '@portal/contract/faq';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireSession, sessionOf } from '../../http/session-auth.ts';
import { listFaq, sendQuestion } from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export function faqRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const authed = { onRequest: requireSession(ctx) };
    const security = [{ bearer: [] }];
    app.get(
      '/faq',
      {
        ...authed,
        schema: {
          tags: ['faq'],
          security,
          summary: 'The questions and answers of the FAQ page, in both languages',
          response: { 200: faqResponseSchema, ...errors },
        },
      },
      async () => ({ faq: await listFaq(ctx) }),
    );
    app.post(
      '/faq/send-question',
      {
        ...authed,
        schema: {
          tags: ['faq', 'requests'],
          security,
          summary: "A question for the user's manager, answered within 24 hours",
          body: faqQuestionRequestSchema,
          response: { 200: requestCreatedResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        requestId: await sendQuestion(ctx, sessionOf(request), request.body.question),
      }),
    );
  };
}
