import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idSchema } from './validation.ts';

/** Media reports (spec: the Reports page, its entities, the timeline/report/* calls). */

/**
 * Order filter of the reports page (spec: Screens and routes; Business constants and limits): 1 latest first, 2
 * earliest first.
 */
export const REPORT_ORDER = { latest: 1, earliest: 2 } as const;
export type ReportOrderId = (typeof REPORT_ORDER)[keyof typeof REPORT_ORDER];
/** An upload whose mimeType is this is a video (spec: Entities and their fields); anything else is a picture. */
export const VIDEO_MIME_TYPE = 'VIDEO';

export const unitReportsQuerySchema = z.object({ unitId: idSchema });
export const locationReportsQuerySchema = z.object({ locationId: idSchema });

export const mediaUploadSchema = z.object({
  publicUrl: z.string(),
  mimeType: z.string().describe(`'${VIDEO_MIME_TYPE}' for a video, else the picture's type`),
});
export const mediaReportSchema = z.object({
  id: z.number(),
  reportDate: z.string().describe('yyyy-mm-dd'),
  title: z.string(),
  titleEn: z.string(),
  subtitle: z.string().describe('Sanitized HTML'),
  subtitleEn: z.string().describe('Sanitized HTML'),
  uploads: z.array(mediaUploadSchema).describe('In order; the first picture is the cover'),
});
export type MediaReport = z.infer<typeof mediaReportSchema>;

/** GET timeline/report/unit?unitId and timeline/report/location?locationId: newest first. */
export const mediaReportsResponseSchema = z
  .object({ reports: z.array(mediaReportSchema) })
  .meta({ id: 'MediaReports' });
export type MediaReports = z.infer<typeof mediaReportsResponseSchema>;

/** GET media/reports/{name}: a demo picture of a media report by its generated name. */
export const reportPictureParamsSchema = z.object({ name: z.string().max(40) });

export const reportsApi = {
  unitReports: defineRoute({
    method: 'GET',
    path: '/timeline/report/unit',
    summary: "Photo and video reports of the user's unit, newest first",
    tags: ['reports'],
    access: 'session',
    query: unitReportsQuerySchema,
    response: mediaReportsResponseSchema,
    errors: [404],
  }),
  locationReports: defineRoute({
    method: 'GET',
    path: '/timeline/report/location',
    summary: 'Photo and video reports of the whole location, newest first',
    tags: ['reports'],
    access: 'session',
    query: locationReportsQuerySchema,
    response: mediaReportsResponseSchema,
    errors: [404],
  }),
  reportPicture: defineRoute({
    method: 'GET',
    path: '/media/reports/:name',
    summary: 'A demo photo of a media report (generated picture, no personal data)',
    tags: ['reports'],
    access: 'public',
    params: reportPictureParamsSchema,
    response: 'file',
    errors: [404],
  }),
};
