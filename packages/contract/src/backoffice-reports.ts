import { z } from 'zod';
import { idSchema as id, optionalText, requiredText } from './validation.ts';

/** The console's photo and video reports (media reports) of a location or one of its units. */

export const REPORT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const REPORT_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** The types an upload may be, by content; an MP4 is listed to owners as 'VIDEO' (the spec's convention). */
export const REPORT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4'] as const;

export const staffReportListQuerySchema = z.object({
  locationId: id,
  page: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(10_000, { error: 'validation.invalid' })
    .optional()
    .default(1),
});
export type StaffReportListQuery = z.input<typeof staffReportListQuerySchema>;
export const staffReportParamsSchema = z.object({ id });
export const staffReportMediaParamsSchema = z.object({ id, mediaId: id });

export const staffReportMediaSchema = z.object({
  id: z.number(),
  publicUrl: z.string(),
  mimeType: z.string().describe("The file's type, or VIDEO"),
});
export type StaffReportMedia = z.infer<typeof staffReportMediaSchema>;

export const staffReportSchema = z.object({
  id: z.number(),
  locationId: z.number(),
  unitId: z.number().nullable().describe('null: a report of the whole location'),
  unitName: z.string().nullable(),
  reportDate: z.string().describe('yyyy-mm-dd'),
  title: z.string(),
  titleEn: z.string(),
  subtitle: z.string().describe('Sanitized HTML'),
  subtitleEn: z.string().describe('Sanitized HTML'),
  media: z.array(staffReportMediaSchema),
});
export type StaffReport = z.infer<typeof staffReportSchema>;

export const STAFF_REPORTS_PAGE_SIZE = 20;
export const staffReportListSchema = z.object({
  items: z.array(staffReportSchema).describe('Newest first, 20 a page'),
  total: z.number(),
});
export type StaffReportList = z.infer<typeof staffReportListSchema>;

/** POST /backoffice/reports and PUT /backoffice/reports/{id}. */
export const staffReportBodySchema = z.object({
  locationId: id,
  unitId: id.nullable().optional(),
  reportDate: z.iso.date({ error: 'validation.invalid' }),
  title: requiredText(300),
  titleEn: optionalText(300),
  subtitle: optionalText(20_000),
  subtitleEn: optionalText(20_000),
});
export type StaffReportBody = z.input<typeof staffReportBodySchema>;

export const staffReportSavedSchema = z.object({ id: z.number() });
export const staffReportMediaAddedSchema = staffReportMediaSchema;
