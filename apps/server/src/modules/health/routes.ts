import { healthResponseSchema } from '@portal/contract/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function healthRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: '200 when the database answers, 503 when it does not',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        try {
          await ctx.database.ping();
          return { status: 'ok' as const, database: 'up' as const };
        } catch {
          return reply.code(503).send({ status: 'unavailable', database: 'down' });
        }
      },
    );
  };
}
