import { z } from 'zod';

/**
 * The dashboard's catalogue entry kept in locations.info (the units by type are derived from the units, see
 * unitsByType in queries.ts). Read and written only through this schema; no SQL here, so the dashboard and the
 * catalogue import parse it too.
 */
export const storedLocationInfo = z.object({
  distanceKm: z.number().nullable().optional(),
  description: z.string().default(''),
  descriptionEn: z.string().default(''),
  infrastructure: z.array(z.object({ name: z.string(), nameEn: z.string(), count: z.number() })).default([]),
});
export type StoredLocationInfo = z.output<typeof storedLocationInfo>;

export const parseLocationInfo = (info: unknown): StoredLocationInfo => {
  const parsed = storedLocationInfo.safeParse(info ?? {});
  return parsed.success ? parsed.data : { description: '', descriptionEn: '', infrastructure: [] };
};
