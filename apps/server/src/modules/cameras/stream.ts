import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The demo live stream: four committed one-second MPEG-TS segments of a test pattern (H.264, 192×108), served as
 * a live HLS playlist whose three-segment window slides with the clock and wraps around, so players see an endless
 * live stream. Generated once with:
 *   ffmpeg -f lavfi -i testsrc2=size=192x108:rate=15 -t 4 -c:v libx264 -profile:v baseline -pix_fmt yuv420p
 *     -g 15 -b:v 60k -an -f hls -hls_time 1 -hls_segment_filename 'live/segment-%d.ts' live/source.m3u8
 * The files are kept as .m2ts so that tools do not take them for TypeScript; the URLs say .ts.
 * A real deployment points the same path at the cameras' media server.
 */
export const ASSETS = path.join(import.meta.dirname, '../../../assets/cameras');
export const SEGMENT_COUNT = 4;
export const SEGMENT_SECONDS = 1;
const WINDOW = 3;

/**
 * Sequence numbers count from the start of the UTC day: hls.js slows to a crawl on sequence numbers as large as
 * the seconds since 1970. At midnight the numbers start again, which players treat as a new live window.
 */
export function livePlaylist(nowMs: number, segmentUrl: (index: number, sequence: number) => string): string {
  const ofDay = nowMs % 86_400_000;
  const first = Math.max(0, Math.floor(ofDay / 1000 / SEGMENT_SECONDS) - WINDOW);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // Each wrap back to segment 0 is a discontinuity (its timestamps start again).
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / SEGMENT_COUNT)}`,
  ];
  for (let sequence = first; sequence < first + WINDOW; sequence += 1) {
    const index = sequence % SEGMENT_COUNT;
    if (index === 0 && sequence !== first) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, segmentUrl(index, sequence));
  }
  return `${lines.join('\n')}\n`;
}

export function readAsset(relative: string): Promise<Buffer> {
  return readFile(path.join(ASSETS, relative));
}
