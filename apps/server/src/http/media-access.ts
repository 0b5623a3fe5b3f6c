import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RouteDefinition } from '@portal/contract/route';
import { apiRoutes } from '@portal/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { readsAnyLocation } from '../modules/access/service.ts';
import { type Session, verifySessionId } from '../modules/auth/sessions.ts';
import { locationOfStreamKey, locationsShowingView } from '../modules/cameras/service.ts';
import { notFound, unauthorized } from './errors.ts';
import { requireSession } from './session-auth.ts';

/**
 * Camera streams and views (`camera-media`) and the interim financial report's files (`report-media`) are for
 * signed-in users only: the guard is the route's `access`, applied by `routesOf` to the route the router matched.
 *
 * A call that can send the bearer header does (hls.js sets it on every playlist and segment request, `xhrSetup`):
 * the session must have access to the camera's location (a unit held or a loan there; staff: every location), and
 * for the report any session will do. Players that cannot send a header (Safari's native HLS, `<video>` and `<img>`
 * elements) get short-lived signed URLs instead: `?st={expiry}.{session id}.{HMAC-SHA256 of scope, expiry and
 * session}` with the server's secret, valid for SIGNED_URL_TTL_SECONDS and only while the session that received it
 * lives, and checked for the location as the header is: the answers' addresses are signed wherever they stand in the
 * text, any text that spells one among them, so a signature says who asked, never what they may see. The scope is the
 * medium's canonical path (its route's pattern filled with the decoded parameters, so no spelling of the path changes
 * it); a route with `signedScope: 'directory'` covers its directory, so the segments of a playlist served under a
 * token are signed too (the playlist's addresses get the token appended).
 */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;
export const SIGNED_URL_PARAM = 'st';

type MediaAccess = 'camera-media' | 'report-media';
type MediaDefinition = RouteDefinition & { access: MediaAccess };
type Params = Record<string, string | undefined>;

const isMedia = (definition: RouteDefinition): definition is MediaDefinition =>
  definition.access === 'camera-media' || definition.access === 'report-media';

/**
 * The contract's media routes, as matchers of the addresses the server writes into its answers: the most static
 * first (`/streams/clips/:name` before `/streams/:locationId/:name`), as the router prefers them.
 */
const MEDIA_ROUTES = Object.values(apiRoutes)
  .flatMap((area) => Object.values(area) as RouteDefinition[])
  .filter(isMedia)
  .map((definition) => {
    const names: string[] = [];
    const segments = `/api/v1${definition.path}`.split('/').map((segment) => {
      if (segment === '*') {
        names.push('*');
        return '(.*)';
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
    const firstParameter = segments.findIndex((segment) => segment.startsWith('('));
    // The pattern of the path up to its first parameter: how its addresses begin (GUARDED_ADDRESS_START).
    const start = segments.slice(0, firstParameter < 0 ? segments.length : firstParameter).join('/');
    return { definition, names, start, regex: new RegExp(`^${segments.join('/')}$`) };
  })
  .sort((a, b) => weight(a.definition.path) - weight(b.definition.path));

function weight(path: string): number {
  return path.split('/').reduce((sum, part) => sum + (part === '*' ? 100 : part.startsWith(':') ? 1 : 0), 0);
}

/** The route's pattern filled with the request's decoded parameters: the same for every spelling of the path. */
function canonicalPath(definition: RouteDefinition, params: Params, upTo = Number.POSITIVE_INFINITY): string {
  const segments = `/api/v1${definition.path}`.split('/');
  return segments
    .slice(0, Math.min(upTo, segments.length))
    .map((segment) => {
      if (segment === '*') return params['*'] ?? '';
      return segment.startsWith(':') ? encodeURIComponent(params[segment.slice(1)] ?? '') : segment;
    })
    .join('/');
}

/** What a token of this medium covers: its directory (a stream) or its own path. */
function signatureScope(definition: RouteDefinition, params: Params): string {
  if (definition.signedScope !== 'directory') return canonicalPath(definition, params);
  const segments = `/api/v1${definition.path}`.split('/');
  return `${canonicalPath(definition, params, segments.length - 1)}/`;
}

function signature(secret: string, scope: string, expiry: number, sessionId: string): string {
  return createHmac('sha256', secret)
    .update(`media-url\n${scope}\n${expiry}\n${sessionId}`)
    .digest('base64url');
}

/**
 * How a guarded medium's address begins in a JSON text: a quote and its route's path up to the first parameter
 * (`"/api/v1/streams/`). An answer without one has nothing to sign: most carry only open addresses (units' photos),
 * and one regular expression finds that out in a pass over the text (a third of a microsecond for the unit cards;
 * a search for each start, or the signing's scan, takes 5–6).
 */
const GUARDED_ADDRESS_START = new RegExp(
  [...new Set(MEDIA_ROUTES.map(({ start }) => `"${start}/`))].join('|'),
);

/** The medium an address of the server's own names, with its parameters; null for anything else. */
function mediumOf(path: string): { definition: MediaDefinition; params: Params } | null {
  for (const route of MEDIA_ROUTES) {
    const match = route.regex.exec(path);
    if (!match) continue;
    const params: Params = {};
    try {
      route.names.forEach((name, index) => {
        const value = match[index + 1] ?? '';
        params[name] = name === '*' ? value : decodeURIComponent(value);
      });
    } catch {
      return null;
    }
    return { definition: route.definition, params };
  }
  return null;
}

/**
 * The URL with a token for its scope, bound to the session it is handed to and valid for `ttlSeconds` (query kept;
 * a token already there is replaced). Addresses that are not guarded media come back as they are.
 */
export function signMediaUrl(
  ctx: AppContext,
  url: string,
  sessionId: string,
  now = Date.now(),
  ttlSeconds = SIGNED_URL_TTL_SECONDS,
): string {
  // Rounded up to the minute: the answers of one minute hand out the same address (no needless reloads).
  const expiry = Math.ceil((Math.floor(now / 1000) + ttlSeconds) / 60) * 60;
  // The same address, session and minute sign the same: a page's answers repeat their addresses call after call.
  const signed = signedUrlsOf(ctx);
  const key = `${expiry}\n${sessionId}\n${url}`;
  const known = signed.get(key);
  if (known !== undefined) return known;
  const base = withoutToken(url);
  const medium = mediumOf(base.split('?')[0] ?? base);
  let result = url;
  if (medium) {
    const scope = signatureScope(medium.definition, medium.params);
    const token = `${expiry}.${sessionId}.${signature(ctx.config.jwtSecret, scope, expiry, sessionId)}`;
    result = `${base}${base.includes('?') ? '&' : '?'}${SIGNED_URL_PARAM}=${token}`;
  }
  if (signed.size >= SIGNED_URLS_KEPT) signed.clear();
  signed.set(key, result);
  return result;
}

/** How many signed addresses an app keeps (a few MB); past it they are dropped at once and signed again. */
const SIGNED_URLS_KEPT = 20_000;
const signedUrls = new WeakMap<AppContext['config'], Map<string, string>>();

/** The signed addresses of an app (its secret), by expiry, session and address. */
function signedUrlsOf(ctx: AppContext): Map<string, string> {
  let signed = signedUrls.get(ctx.config);
  if (!signed) {
    signed = new Map();
    signedUrls.set(ctx.config, signed);
  }
  return signed;
}

const TOKEN = /^(\d{1,12})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/**
 * The session of the request's token when the token is valid for this medium now and its session still works; null
 * otherwise.
 */
async function signedSession(
  ctx: AppContext,
  request: FastifyRequest,
  definition: MediaDefinition,
  now = Date.now(),
): Promise<Session | null> {
  const match = TOKEN.exec(mediaToken(request) ?? '');
  if (!match) return null;
  const expiry = Number(match[1]);
  const sessionId = match[2] ?? '';
  if (expiry * 1000 < now || expiry * 1000 > now + (SIGNED_URL_TTL_SECONDS + 120) * 1000) return null;
  const scope = signatureScope(definition, request.params as Params);
  const expected = Buffer.from(signature(ctx.config.jwtSecret, scope, expiry, sessionId));
  const given = Buffer.from(match[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  // A URL dies with its session: signed out, ended from another device, or the password changed.
  return verifySessionId(ctx, sessionId);
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
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}

/** The locations a camera medium belongs to (empty: unknown). */
async function cameraLocations(
  ctx: AppContext,
  definition: MediaDefinition,
  params: Params,
): Promise<number[]> {
  if (params.locationId !== undefined) {
    return /^\d{1,9}$/.test(params.locationId) ? [Number(params.locationId)] : [];
  }
  if (params.key !== undefined) {
    const location = await locationOfStreamKey(ctx, params.key);
    return location === undefined ? [] : [location];
  }
  // A looping view: the locations that show this address.
  return locationsShowingView(ctx, canonicalPath(definition, params));
}

/**
 * The onRequest guard of a media route (`routesOf` registers it from the definition's `access`): a valid signed URL
 * of a live session, or a bearer session; either with access to the camera's location for `camera-media`, any for
 * `report-media`. Without either: 401; a session without access to the location: 404 (as for any other user's data).
 */
export function mediaGuard(ctx: AppContext, definition: MediaDefinition): onRequestHookHandler {
  const signedIn = requireSession(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let session: Session | null | undefined;
    if (request.headers.authorization === undefined && mediaToken(request) !== undefined) {
      session = await signedSession(ctx, request, definition);
      if (!session) throw unauthorized();
      request.mediaToken = mediaToken(request) ?? null;
    } else {
      await signedIn(request, reply);
      session = request.session;
      if (!session) throw unauthorized();
    }
    if (
      definition.access === 'camera-media' &&
      !(await readsAnyLocation(
        ctx,
        session,
        await cameraLocations(ctx, definition, request.params as Params),
      ))
    ) {
      throw notFound();
    }
    // The token has done its work: nothing behind the guard sees it (the camera proxy forwards the query upstream).
    request.raw.url = withoutToken(request.raw.url ?? '');
  };
}

/** Whether a definition's access is a media kind (then `mediaGuard` guards it). */
export function isMediaRoute(definition: RouteDefinition): definition is MediaDefinition {
  return isMedia(definition);
}

/**
 * Wires the signing into the app (app.ts, before any route):
 * - onSend: every guarded media address in a JSON answer to a signed-in call (investor/cameras, financial-report,
 *   the console's previews) is signed for SIGNED_URL_TTL_SECONDS and bound to the caller's session, so the modules
 *   that build the answers need not know (signMediaUrlsInJson);
 * - onSend: a playlist served under a signed URL passes its token on to its segments.
 */
export function registerMediaAccess(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('mediaToken', null);
  app.addHook('onSend', async (request, reply, payload) =>
    request.session ? signMediaUrlsInJson(ctx, reply, payload, request.session.sessionId) : payload,
  );
  app.addHook('onSend', passTokenToPlaylist);
}

/**
 * A string value of a JSON text that starts with /api/v1/: after `[`, `:` or `,` (so never inside another string,
 * where a quote is escaped) and not followed by `:` (a key). JSON.stringify never escapes a slash.
 */
const ADDRESS_IN_JSON = /(?<=[[:,]\s*)"(\/api\/v1\/(?:[^"\\]|\\.)*)"(?!\s*:)/g;

/**
 * A JSON answer with its guarded media addresses signed, found in the text itself: parsing and re-serializing the
 * answer cost more than building it. Other addresses (a unit's photos) and answers without any stay as they are.
 */
export function signMediaUrlsInJson(
  ctx: AppContext,
  reply: FastifyReply,
  payload: unknown,
  sessionId: string,
) {
  if (typeof payload !== 'string' || !GUARDED_ADDRESS_START.test(payload)) return payload;
  if (!/json/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  const now = Date.now();
  return payload.replace(ADDRESS_IN_JSON, (literal, text: string) => {
    const url = text.includes('\\') ? (JSON.parse(literal) as string) : text;
    const signed = signMediaUrl(ctx, url, sessionId, now);
    return signed === url ? literal : JSON.stringify(signed);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-URL token a media request came with (its playlist's addresses carry it on). */
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
