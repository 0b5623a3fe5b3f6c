import { healthResponseSchema } from '@portal/contract/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** How long the database may take to answer the probe: a dead connection must not hang a load balancer. */
const PING_TIMEOUT_MS = 2000;

export function healthRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary:
            '200 when the database answers (status degraded while Redis is away or the disk is full), 503 when the database does not',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const redis = ctx.limiter.redisState();
        const disk = await ctx.disk.state();
        try {
          await ctx.database.ping(PING_TIMEOUT_MS);
        } catch {
          return reply
            .code(503)
            .header('retry-after', '5')
            .send({ status: 'unavailable', database: 'down', redis, disk });
        }
        return {
          status: redis === 'down' || disk === 'full' ? ('degraded' as const) : ('ok' as const),
          database: 'up' as const,
          redis,
          disk,
        };
      },
    );
  };
}
