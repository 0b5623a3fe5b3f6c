import { z } from 'zod';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
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
  unitNameEn: z.string().nullable().describe('Empty when the unit has no English name'),
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

/** /api/v1/backoffice/reports: the console's media reports (managers and admins); their files are served by filesApi. */
export const backofficeReportsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/backoffice/reports',
    summary: "A location's photo and video reports (whole location and units), newest first, 20 a page",
    tags: ['backoffice'],
    access: 'staff',
    query: staffReportListQuerySchema,
    response: staffReportListSchema,
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/backoffice/reports',
    summary: 'A new report of a location or of one of its units',
    tags: ['backoffice'],
    access: 'staff',
    body: staffReportBodySchema,
    response: staffReportSavedSchema,
    errors: [404],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/backoffice/reports/:id',
    summary: 'Changes a report',
    tags: ['backoffice'],
    access: 'staff',
    params: staffReportParamsSchema,
    body: staffReportBodySchema,
    response: staffReportSavedSchema,
    errors: [404],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/backoffice/reports/:id',
    summary: 'Deletes a report with its media',
    tags: ['backoffice'],
    access: 'staff',
    params: staffReportParamsSchema,
    response: successSchema,
    errors: [404],
  }),
  addMedia: defineRoute({
    method: 'POST',
    path: '/backoffice/reports/:id/media',
    summary:
      'Adds a photo or video: multipart with one file, JPEG, PNG or WebP (at most 10 MB) or MP4 (at most 50 MB), checked by content',
    tags: ['backoffice'],
    access: 'staff',
    params: staffReportParamsSchema,
    consumes: ['multipart/form-data'],
    response: staffReportMediaSchema,
    errors: [404],
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/backoffice/reports/:id/media/:mediaId',
    summary: 'Removes a photo or video from a report',
    tags: ['backoffice'],
    access: 'staff',
    params: staffReportMediaParamsSchema,
    response: successSchema,
    errors: [404],
  }),
};
