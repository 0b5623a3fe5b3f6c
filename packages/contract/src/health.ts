import { z } from 'zod';

/**
 * GET /api/health: 200 while the database answers (status 'degraded' when only Redis is away: the rate limits then
 * count per instance), 503 with database 'down' while it does not. redis is 'off' when REDIS_URL is not set.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
