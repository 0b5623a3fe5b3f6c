import { type UpstreamInit, UpstreamRefusedError, upstreamFetch } from './upstream.ts';

/**
 * The live camera of a location, proxied. The company stores the https address of the camera's HLS playlist; owners'
 * players fetch /api/v1/streams/live/{proxyKey}/{path}, and the portal fetches {path} resolved against the stored
 * playlist's directory, but only when the result is still below that directory on the same host (the prefix): the
 * proxy cannot be pointed anywhere else, so it is no open proxy. Playlists are rewritten so that every address in
 * them goes through the proxy too; an address outside the prefix becomes one the proxy refuses. A proxy (rather
 * than a link) keeps the CSP's connect-src and media-src at 'self', keeps the camera's address (often with a token)
 * out of the owners' browsers, and the unguessable key keeps the proxy from being a public window onto the camera.
 */

const PLAYLIST_MAX_BYTES = 1024 * 1024;
const SEGMENT_MAX_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const OUTSIDE = '-outside-prefix-';

export type StreamFetch = (url: string, init: UpstreamInit) => Promise<Response>;

/** The stored playlist's directory: what every proxied address must start with. */
export function streamPrefix(streamUrl: string): string {
  const url = new URL(streamUrl);
  return `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`;
}

/**
 * The owners' address of a stored stream: its playlist's name below the proxy key, without the stored query (often
 * the camera's token), which the proxy adds back upstream.
 */
export function proxiedPlaylistUrl(proxyKey: string, streamUrl: string): string {
  const url = new URL(streamUrl);
  return `/api/v1/streams/live/${proxyKey}/${url.pathname.slice(new URL(streamPrefix(streamUrl)).pathname.length)}`;
}

/** The upstream address of a proxied path, or null when it would leave the stored playlist's directory. */
export function upstreamUrl(streamUrl: string, relative: string): string | null {
  if (relative === '' || relative.startsWith(OUTSIDE)) return null;
  const prefix = streamPrefix(streamUrl);
  let resolved: URL;
  try {
    resolved = new URL(relative, prefix);
  } catch {
    return null;
  }
  // The URL parser has already collapsed ../ and %2e%2e, so a prefix check on its result is exact.
  if (resolved.protocol !== 'https:' || resolved.username || resolved.password) return null;
  if (!resolved.href.startsWith(prefix) || /%2f|%5c/i.test(resolved.pathname.slice(prefix.length)))
    return null;
  resolved.hash = '';
  // An address without a query of its own gets the stored one: a camera's token is asked for on every request.
  if (resolved.search === '') resolved.search = new URL(streamUrl).search;
  return resolved.href;
}

/** Rewrites every address of a playlist (URI lines and URI="…" attributes) to its proxied form. */
export function rewritePlaylist(body: string, playlistUrl: string, streamUrl: string, base: string): string {
  const prefix = streamPrefix(streamUrl);
  const storedQuery = new URL(streamUrl).search;
  const proxied = (uri: string) => {
    let resolved: URL;
    try {
      resolved = new URL(uri, playlistUrl);
    } catch {
      return `${base}${OUTSIDE}`;
    }
    // The stored query stays out of owners' browsers; upstreamUrl adds it back.
    if (storedQuery !== '' && resolved.search === storedQuery) resolved.search = '';
    return resolved.protocol === 'https:' && resolved.href.startsWith(prefix)
      ? `${base}${resolved.href.slice(prefix.length)}`
      : `${base}${OUTSIDE}`;
  };
  return body
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (!trimmed.startsWith('#')) return proxied(trimmed);
      return line.replace(/URI="([^"]*)"/g, (_, uri: string) => `URI="${proxied(uri)}"`);
    })
    .join('\n');
}

/** A proxied answer; 502 says why (`refused`: the camera's host is internal and not allowed, so nothing connected). */
export type Proxied =
  | { status: 200; type: string; body: Buffer | string }
  | { status: 404 }
  | { status: 502; refused?: string };

const isPlaylist = (url: string, type: string) =>
  /mpegurl/i.test(type) || new URL(url).pathname.toLowerCase().endsWith('.m3u8');

/** Reads a response body up to `max` bytes; null beyond. */
async function boundedBody(response: Response, max: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > max) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches one proxied address: 404 outside the prefix, 502 when the camera does not answer well or its host is
 * internal and not in `allowedHosts` (upstream.ts). No redirect is followed: a redirect could leave the prefix, or
 * lead to an internal address. `base` is the owners' address of the stream's directory.
 */
export async function proxyStream(
  streamUrl: string,
  relative: string,
  base: string,
  options: { allowedHosts: readonly string[] },
  fetcher: StreamFetch = upstreamFetch,
): Promise<Proxied> {
  const target = upstreamUrl(streamUrl, relative);
  if (!target) return { status: 404 };
  let response: Response;
  try {
    response = await fetcher(target, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      allowedHosts: options.allowedHosts,
    });
  } catch (error) {
    return error instanceof UpstreamRefusedError ? { status: 502, refused: error.host } : { status: 502 };
  }
  if (response.status === 404) {
    await response.body?.cancel().catch(() => undefined);
    return { status: 404 };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { status: 502 };
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const playlist = isPlaylist(target, type);
  const body = await boundedBody(response, playlist ? PLAYLIST_MAX_BYTES : SEGMENT_MAX_BYTES).catch(
    () => null,
  );
  if (!body) return { status: 502 };
  if (!playlist) return { status: 200, type, body };
  return {
    status: 200,
    type: 'application/vnd.apple.mpegurl',
    body: rewritePlaylist(body.toString('utf8'), target, streamUrl, base),
  };
}
