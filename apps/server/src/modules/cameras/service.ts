import { CAMERA_TEST_PATTERN } from '@portal/contract/backoffice-cameras';
import { type CamerasResponse, cameraStreamUrl } from '@portal/contract/cameras';
import type { AppContext } from '../../context.ts';
import { ownedLocationIds } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import { proxiedPlaylistUrl } from './proxy.ts';
import * as q from './queries.ts';

/** What owners play for a stored stream: the demo test pattern, or the portal's proxy of the company's camera. */
export function ownerStreamUrl(row: { location_id: number; stream_url: string; proxy_key: string }): string {
  return row.stream_url === CAMERA_TEST_PATTERN
    ? cameraStreamUrl(row.location_id)
    : proxiedPlaylistUrl(row.proxy_key, row.stream_url);
}

/**
 * GET investor/cameras: investors only (the menu says 'soon' to lenders); the cameras the company set up for the
 * locations of their units (console: backoffice/cameras). A location without a stream or views is left out.
 */
export async function cameras(ctx: AppContext, session: Session): Promise<CamerasResponse> {
  // Investors only (403); the locations of their owned units (modules/access).
  const locations = await ownedLocationIds(ctx, session);
  const { db } = ctx.database;
  if (locations.length === 0) return { locations: [] };
  const [streams, views] = await Promise.all([
    q.streamsOfLocations(db, locations),
    q.viewsOfLocations(db, locations),
  ]);
  return {
    locations: locations.flatMap((locationId) => {
      const stream = streams.find((s) => s.location_id === locationId);
      const own = views.filter((v) => v.location_id === locationId);
      if (!stream && own.length === 0) return [];
      return [
        {
          locationId,
          streamUrl: stream ? ownerStreamUrl(stream) : null,
          videos: own.map((v) => ({
            id: Number(v.id),
            anchor: `camera_${v.position}`,
            title: v.title,
            titleEn: v.title_en,
            url: v.url,
          })),
        },
      ];
    }),
  };
}

/** Whether the demo test pattern is a location's stream (the demo playlist answers only for those). */
export async function hasTestPattern(ctx: AppContext, locationId: number): Promise<boolean> {
  return q.hasTestPatternStream(ctx.database.db, locationId);
}

/** The stored stream of a proxy key, for the proxy route. */
export async function streamByKey(ctx: AppContext, proxyKey: string) {
  return q.proxiedStreamByKey(ctx.database.db, proxyKey);
}

/** The location whose stream a proxy key names, for the media guard (undefined: no such stream). */
export async function locationOfStreamKey(ctx: AppContext, proxyKey: string): Promise<number | undefined> {
  return q.locationOfProxyKey(ctx.database.db, proxyKey);
}

/** The locations showing a looping view at this address, for the media guard of a clip or an uploaded view. */
export async function locationsShowingView(ctx: AppContext, url: string): Promise<number[]> {
  return q.locationsOfViewUrl(ctx.database.db, url);
}
