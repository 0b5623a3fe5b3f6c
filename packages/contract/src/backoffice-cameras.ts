import { z } from 'zod';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { idSchema as id, optionalText, requiredText } from './validation.ts';

/**
 * The console's cameras of a location: a live stream (an https HLS playlist the portal proxies) and up
 * to five looping views (uploaded MP4s). Owners read them through investor/cameras.
 */

export const CAMERA_VIEW_MAX_BYTES = 50 * 1024 * 1024;
export const CAMERA_VIEWS_PER_LOCATION = 5;
/** What a demo row's stream points at: the committed test pattern (apps/server/assets/cameras). */
export const CAMERA_TEST_PATTERN = 'asset:test-pattern';

export const staffCamerasQuerySchema = z.object({ locationId: id });
export const staffCameraLocationParamsSchema = z.object({ locationId: id });
export const staffCameraViewParamsSchema = z.object({ id });

export const staffCameraViewSchema = z.object({
  id: z.number(),
  position: z.number().describe('1 … 5: the order of the views and their anchor camera_{position}'),
  title: z.string(),
  titleEn: z.string(),
  url: z.string().describe('Where the MP4 is served'),
});
export type StaffCameraView = z.infer<typeof staffCameraViewSchema>;

/** GET /backoffice/cameras?locationId= */
export const staffCamerasSchema = z.object({
  locationId: z.number(),
  streamUrl: z
    .string()
    .nullable()
    .describe('The https HLS playlist of the live camera, asset:test-pattern for the demo, null: none'),
  views: z.array(staffCameraViewSchema),
});
export type StaffCameras = z.infer<typeof staffCamerasSchema>;

/** A stream must be an https playlist: the portal fetches it for the owners only below its directory. */
export const cameraStreamUrlSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .max(2000, { error: 'validation.tooLong' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hash === '';
      } catch {
        return false;
      }
    },
    { error: 'cameras.streamHttps' },
  );

/** PUT /backoffice/cameras/{locationId}/stream: null or empty removes the live stream. */
export const staffCameraStreamBodySchema = z.object({
  streamUrl: z
    .union([z.literal('').transform(() => null), z.null(), cameraStreamUrlSchema])
    .optional()
    .transform((value) => value ?? null),
});
export type StaffCameraStreamBody = z.input<typeof staffCameraStreamBodySchema>;

/** PUT /backoffice/cameras/views/{id}, and the text fields of the multipart POST …/views (English empty → Russian). */
export const staffCameraViewBodySchema = z.object({
  title: requiredText(300),
  titleEn: optionalText(300),
});
export type StaffCameraViewBody = z.input<typeof staffCameraViewBodySchema>;

/** The console's cameras of a location (managers and admins). */
export const backofficeCamerasApi = {
  cameras: defineRoute({
    method: 'GET',
    path: '/backoffice/cameras',
    summary: "A location's cameras: the live stream's address and the looping views",
    tags: ['backoffice'],
    access: 'staff',
    query: staffCamerasQuerySchema,
    response: staffCamerasSchema,
    errors: [404],
  }),
  saveStream: defineRoute({
    method: 'PUT',
    path: '/backoffice/cameras/:locationId/stream',
    summary: 'Sets the https HLS playlist of the live camera (proxied for owners); empty or null removes it',
    tags: ['backoffice'],
    access: 'staff',
    params: staffCameraLocationParamsSchema,
    body: staffCameraStreamBodySchema,
    response: staffCamerasSchema,
    errors: [404],
  }),
  addView: defineRoute({
    method: 'POST',
    path: '/backoffice/cameras/:locationId/views',
    summary:
      'Adds a looping view: multipart with the fields title, titleEn and then one MP4 file (at most 50 MB, checked by content); five a location',
    tags: ['backoffice'],
    access: 'staff',
    params: staffCameraLocationParamsSchema,
    consumes: ['multipart/form-data'],
    response: staffCameraViewSchema,
    errors: [404],
  }),
  updateView: defineRoute({
    method: 'PUT',
    path: '/backoffice/cameras/views/:id',
    summary: "Changes a view's titles",
    tags: ['backoffice'],
    access: 'staff',
    params: staffCameraViewParamsSchema,
    body: staffCameraViewBodySchema,
    response: staffCameraViewSchema,
    errors: [404],
  }),
  removeView: defineRoute({
    method: 'DELETE',
    path: '/backoffice/cameras/views/:id',
    summary: 'Removes a view with its file',
    tags: ['backoffice'],
    access: 'staff',
    params: staffCameraViewParamsSchema,
    response: successSchema,
    errors: [404],
  }),
};
