import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { readsAnyLocation } from '../modules/access/service.ts';
import { notFound, unauthorized } from './errors.ts';
import { requireSession } from './session-auth.ts';

/**
 * Issue 15, finding 13: camera streams and the interim financial report are for signed-in users only.
 *
 * A call that can send the bearer header does (hls.js sets it on every playlist and segment request, `xhrSetup`):
 * the session must have access to the camera's location (a unit held or a loan there; staff: every location), and
 * for the report any session will do. Players that cannot send a header (Safari's native HLS, `<video>` and `<img>`
 * elements) get short-lived signed URLs instead: `?st={expiry}.{HMAC-SHA256 of scope and expiry}` with the server's
 * secret, valid for SIGNED_URL_TTL_SECONDS. The scope of a stream's token is its directory
 * (`/api/v1/streams/{locationId}/` or `/api/v1/streams/live/{key}/`), so the segments of a playlist served under a
 * token are signed too (the playlist's addresses get the token appended); any other file's token covers only its path.
 */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;
export const SIGNED_URL_PARAM = 'st';

const STREAM_SCOPE = /^\/api\/v1\/streams\/(?:live\/[A-Za-z0-9_-]+|\d{1,9})\//;

/** What a token of this path covers: a stream's directory, or the file itself. */
export function signatureScope(path: string): string {
  return STREAM_SCOPE.exec(path)?.[0] ?? path;
}

function signature(secret: string, scope: string, expiry: number): string {
  return createHmac('sha256', secret).update(`media-url\n${scope}\n${expiry}`).digest('base64url');
}

/** The URL with a token for its scope, valid for `ttlSeconds` (query kept; a token already there is replaced). */
export function signMediaUrl(
  ctx: AppContext,
  url: string,
  now = Date.now(),
  ttlSeconds = SIGNED_URL_TTL_SECONDS,
): string {
  if (!url.startsWith('/api/')) return url; // https links of other hosts carry no token
  // Rounded up to the minute: the answers of one minute hand out the same address (no needless reloads).
  const expiry = Math.ceil((Math.floor(now / 1000) + ttlSeconds) / 60) * 60;
  const base = withoutToken(url);
  const scope = signatureScope(base.split('?')[0] ?? base);
  const token = `${expiry}.${signature(ctx.config.jwtSecret, scope, expiry)}`;
  return `${base}${base.includes('?') ? '&' : '?'}${SIGNED_URL_PARAM}=${token}`;
}

/** Whether the request's token is valid for its path now. */
export function hasValidMediaToken(ctx: AppContext, request: FastifyRequest, now = Date.now()): boolean {
  const token = mediaToken(request);
  if (!token) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiry = Number(match[1]);
  if (expiry * 1000 < now || expiry * 1000 > now + (SIGNED_URL_TTL_SECONDS + 120) * 1000) return false;
  const path = request.url.split('?')[0] ?? '';
  const expected = Buffer.from(signature(ctx.config.jwtSecret, signatureScope(path), expiry));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function withoutToken(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  // Other parameters keep their exact spelling (an upstream camera's token may be encoded in its own way).
  const rest = url
    .slice(at + 1)
    .split('&')
    .filter((part) => !part.startsWith(`${SIGNED_URL_PARAM}=`));
  return `${url.slice(0, at)}${rest.length > 0 ? `?${rest.join('&')}` : ''}`;
}

function mediaToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[SIGNED_URL_PARAM];
  if (typeof fromQuery === 'string') return fromQuery;
  // onRequest runs before the query is parsed into request.query on some routes: read the URL itself.
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  return new URLSearchParams(search).get(SIGNED_URL_PARAM) ?? undefined;
}

/** The locations a camera path belongs to (empty: not a camera path, or unknown). */
async function cameraLocations(ctx: AppContext, path: string): Promise<number[]> {
  const { db } = ctx.database;
  const byLocation = /^\/api\/v1\/streams\/(\d{1,9})\//.exec(path);
  if (byLocation) return [Number(byLocation[1])];
  const byKey = /^\/api\/v1\/streams\/live\/([A-Za-z0-9_-]+)\//.exec(path);
  if (byKey) {
    const row = await db
      .selectFrom('camera_streams')
      .select('location_id')
      .where('proxy_key', '=', byKey[1] ?? '')
      .executeTakeFirst();
    return row ? [row.location_id] : [];
  }
  const rows = await db.selectFrom('camera_views').select('location_id').where('url', '=', path).execute();
  return rows.map((row) => row.location_id);
}

/** Paths of the media this module guards; an answer to a signed-in call gets them signed (see registerMediaAccess). */
const CAMERA_MEDIA = /^\/api\/v1\/(?:streams\/|files\/cameras\/)/;
const REPORT_MEDIA = /^\/api\/v1\/(?:files\/financial-report\/|media\/report-2024\/)/;

/**
 * Wires the rule into the app (app.ts, before any route):
 * - onRequest: camera media need a signed URL or a session with access to the location, the report's files a signed
 *   URL or any session;
 * - preSerialization: every such address in a JSON answer to a signed-in call (investor/cameras, financial-report,
 *   the console's previews) is signed for SIGNED_URL_TTL_SECONDS, so the modules that build the answers need not know;
 * - onSend: a playlist served under a signed URL passes its token on to its segments.
 */
export function registerMediaAccess(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('mediaToken', null);
  const camera = requireCameraAccess(ctx);
  const report = requireReportAccess(ctx);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (CAMERA_MEDIA.test(path)) await camera(request, reply);
    else if (REPORT_MEDIA.test(path)) await report(request, reply);
    else return;
    // The token has done its work: nothing behind this hook sees it (the camera proxy forwards the query upstream).
    request.raw.url = withoutToken(request.raw.url ?? '');
  });
  app.addHook('preSerialization', async (request, _reply, payload) =>
    request.session ? signMediaUrls(ctx, payload) : payload,
  );
  app.addHook('onSend', passTokenToPlaylist);
}

/** The payload with every guarded media address signed; objects without one are returned as they are. */
export function signMediaUrls(ctx: AppContext, value: unknown, now = Date.now(), depth = 0): unknown {
  if (typeof value === 'string') {
    const path = value.split('?')[0] ?? '';
    return CAMERA_MEDIA.test(path) || REPORT_MEDIA.test(path) ? signMediaUrl(ctx, value, now) : value;
  }
  if (value === null || typeof value !== 'object' || depth > 32 || value instanceof Date) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const signed = signMediaUrls(ctx, item, now, depth + 1);
      if (signed !== item) changed = true;
      return signed;
    });
    return changed ? items : value;
  }
  if (Buffer.isBuffer(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const signed = signMediaUrls(ctx, item, now, depth + 1);
    if (signed !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = signed;
    }
  }
  return copy ?? value;
}

/**
 * onRequest hook of the cameras' media (`/api/v1/streams/…`, the uploaded views under `/api/v1/files/cameras/…`):
 * a valid signed URL, or a bearer session with access to the camera's location. Without either: 401; a session
 * without access: 404 (as for any other user's data).
 */
export function requireCameraAccess(ctx: AppContext) {
  const signedIn = requireSession(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.headers.authorization === undefined && hasValidMediaToken(ctx, request)) {
      request.mediaToken = mediaToken(request) ?? null;
      return;
    }
    if (request.headers.authorization === undefined) throw unauthorized();
    await signedIn(request, reply);
    const session = request.session;
    if (!session) throw unauthorized();
    // Whether a signed-in user may watch a location's cameras: staff, or a unit held or a loan there (modules/access).
    if (!(await readsAnyLocation(ctx, session, await cameraLocations(ctx, path)))) {
      throw notFound();
    }
  };
}

/**
 * onRequest hook of the report's files (the uploaded PDF, the demo's page images): any signed-in user, by the
 * bearer header (pdf.js) or a signed URL (`<img>`).
 */
export function requireReportAccess(ctx: AppContext) {
  const signedIn = requireSession(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization === undefined && hasValidMediaToken(ctx, request)) {
      request.mediaToken = mediaToken(request) ?? null;
      return;
    }
    await signedIn(request, reply);
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-URL token a camera request came with (its playlist's addresses carry it on). */
    mediaToken: string | null;
  }
}

/**
 * onSend hook: a playlist served under a signed URL hands its token on to every address in it (URI lines and
 * URI="…" attributes), which are below the same directory, so a native player's segment requests are signed too.
 */
export async function passTokenToPlaylist(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const token = request.mediaToken;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!token || !/mpegurl/i.test(type) || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    return payload;
  }
  return appendTokenToPlaylist(payload.toString(), token);
}

export function appendTokenToPlaylist(body: string, token: string): string {
  const add = (uri: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) return uri; // absolute to another scheme: left as it is
    const hash = uri.indexOf('#');
    const base = hash >= 0 ? uri.slice(0, hash) : uri;
    const cleaned = base.replace(new RegExp(`([?&])${SIGNED_URL_PARAM}=[^&]*&?`), '$1').replace(/[?&]$/, '');
    return `${cleaned}${cleaned.includes('?') ? '&' : '?'}${SIGNED_URL_PARAM}=${token}`;
  };
  return body
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (!trimmed.startsWith('#')) return add(trimmed);
      return line.replace(/URI="([^"]*)"/g, (_all, uri: string) => `URI="${add(uri)}"`);
    })
    .join('\n');
}
