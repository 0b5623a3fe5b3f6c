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
