import { z } from 'zod';

/** Cameras (spec document 2: cameras page §2, investor/cameras §7, five videos §9). */

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
