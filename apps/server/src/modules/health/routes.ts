import {
  healthResponseSchema,
  livenessResponseSchema,
  type ReadinessResponse,
  readinessResponseSchema,
} from '@portal/contract/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { isMigrated } from '../../db/migrate.ts';

/** How long the database may take to answer the probe: a dead connection must not hang a load balancer. */
const PING_TIMEOUT_MS = 2000;

export function healthRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
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

    // Liveness touches nothing outside the process: a database that is away must not get instances restarted.
    app.get(
      '/health/live',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: 200 while the process answers, whatever the database and Redis do',
          response: { 200: livenessResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['health'],
          summary:
            'Readiness: 200 when the database answers and has this version’s migrations (degraded while Redis is away), else 503',
          response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const redis = ctx.limiter.redisState();
        const database = await databaseReadiness(ctx);
        if (database !== 'up') {
          const answer: ReadinessResponse = { status: 'unavailable', database, redis };
          return reply.code(503).header('retry-after', '5').send(answer);
        }
        return { status: redis === 'down' ? ('degraded' as const) : ('ready' as const), database, redis };
      },
    );
  };
}

/** 'up' when the database answers within the probe's time and has this code's newest migration. */
async function databaseReadiness(ctx: AppContext): Promise<ReadinessResponse['database']> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer')), PING_TIMEOUT_MS);
  });
  const check = isMigrated(ctx.database);
  check.catch(() => undefined);
  try {
    return (await Promise.race([check, deadline])) ? 'up' : 'not_migrated';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
