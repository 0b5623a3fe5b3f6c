import { z } from 'zod';
import { defineRoute } from './route.ts';

/**
 * Cameras (spec, operational areas: the cameras page, the investor/cameras call, the five videos of Business constants
 * and limits).
 */

export const CAMERA_VIDEO_COUNT = 5;

/** The demo's live playlist of a location: the committed test pattern served as a sliding HLS window. */
export const cameraStreamUrl = (locationId: number) => `/api/v1/streams/${locationId}/index.m3u8`;

export const cameraVideoSchema = z.object({
  id: z.number(),
  anchor: z.string().describe('In-page anchor of the video (camera_1 … camera_5)'),
  title: z.string(),
  titleEn: z.string(),
  url: z.string(),
});
export type CameraVideo = z.infer<typeof cameraVideoSchema>;

/** GET investor/cameras: for each of the investor's locations with cameras, the looping views and the live stream. */
export const camerasResponseSchema = z
  .object({
    locations: z.array(
      z.object({
        locationId: z.number(),
        streamUrl: z
          .string()
          .nullable()
          .describe(
            "The live HLS playlist (the portal's proxy of the company's camera); null: no live camera",
          ),
        videos: z.array(cameraVideoSchema).describe('Up to five looping views, in order'),
      }),
    ),
  })
  .meta({ id: 'Cameras' });
export type CamerasResponse = z.infer<typeof camerasResponseSchema>;

/** GET streams/live/{key}/{path}: the proxied live camera, by its stored proxy key and a path below its playlist. */
export const liveStreamParamsSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  '*': z.string().max(1000),
});
/** GET streams/clips/{name}: camera-1.mp4 … camera-5.mp4. */
export const cameraClipParamsSchema = z.object({ name: z.string().max(20) });
/** GET streams/{locationId}/{name}: index.m3u8 and segment-n.ts. */
export const cameraStreamParamsSchema = z.object({
  locationId: z.string().regex(/^\d{1,9}$/),
  name: z.string().max(40),
});

/** investor/cameras and the streams its page plays (a signed URL or the bearer header with access to the location). */
export const camerasApi = {
  cameras: defineRoute({
    method: 'GET',
    path: '/investor/cameras',
    summary: "The investor's locations with cameras: up to five looping views and the live stream",
    tags: ['cameras'],
    access: 'session',
    response: camerasResponseSchema,
  }),
  liveStream: defineRoute({
    method: 'GET',
    path: '/streams/live/:key/*',
    summary:
      "The proxied live camera: the stored playlist and what it names, only below the stored playlist's directory",
    tags: ['cameras'],
    access: 'camera-media',
    signedScope: 'directory',
    params: liveStreamParamsSchema,
    response: 'file',
    errors: [404, 502],
  }),
  clip: defineRoute({
    method: 'GET',
    path: '/streams/clips/:name',
    summary: 'A looping camera view (mp4)',
    tags: ['cameras'],
    access: 'camera-media',
    params: cameraClipParamsSchema,
    response: 'file',
    errors: [404],
  }),
  stream: defineRoute({
    method: 'GET',
    path: '/streams/:locationId/:name',
    summary: 'The live HLS stream of a location: index.m3u8 and its MPEG-TS segments',
    tags: ['cameras'],
    access: 'camera-media',
    signedScope: 'directory',
    params: cameraStreamParamsSchema,
    response: 'file',
    errors: [404],
  }),
};
