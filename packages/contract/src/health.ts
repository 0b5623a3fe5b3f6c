import { z } from 'zod';

/**
 * GET /api/health: 200 while the database answers (status 'degraded' when Redis is away: the rate limits then
 * count per instance; or when the disk is full: writes answer 507), 503 with database 'down' while it does not. redis is 'off' when REDIS_URL is not set.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
  /** DATA_DIR's disk: 'low' under a tenth (or 1 GB) free, 'full' (status 'degraded', writes answer 507) when out of space. */
  disk: z.enum(['ok', 'low', 'full']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health/live: the process answers (200 whatever the database does); restart it only when this fails. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/**
 * GET /api/health/ready: 200 while this instance can serve (status 'degraded' when Redis is away: the rate limits
 * then count per instance); 503 while the database does not answer ('down') or lacks this code's migrations
 * ('not_migrated'): a load balancer sends it no traffic then.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  database: z.enum(['up', 'down', 'not_migrated']),
  redis: healthResponseSchema.shape.redis,
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
