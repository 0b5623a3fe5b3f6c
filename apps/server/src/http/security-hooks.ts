import { ERROR_CODES } from '@portal/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from './errors.ts';

/**
 * Decided once for every route (app.ts registers this before any route):
 *
 * - Paths: one that decodes to another route than it spells (`//`, dot segments, `%2F`) is 404 (`isPlainPath`).
 * - Input: a string with a NUL character or a lone UTF-16 surrogate anywhere in the parsed params, query or body
 *   (or the body text of an import) is 400 with a localized message, before validation, so it never reaches the
 *   database (PostgreSQL refuses NUL in text: that was a 500). Headers the routes decode (`X-File-Name`) must be
 *   well-formed percent-encoding of such a string. The error handler adds the database's side: a unique-key
 *   violation is 409 and a data exception (class 22) is 400 (see `databaseInputError`).
 * - Caching: every /api answer to a request that carries a bearer token, a session or a signed media URL, every download
 *   (Content-Disposition) and every file the routes mark `private` gets `Cache-Control: no-store`, so personal data,
 *   bank details and XLSX files stay out of browser and proxy caches. Answers a route marks `public` (the generated
 *   demo pictures) keep their caching when asked anonymously; the SPA's static assets are outside /api and keep
 *   theirs.
 */
export function registerSecurityHooks(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!isCleanValue(request.params) || !isCleanValue(request.query) || !isCleanValue(request.body)) {
      throw badRequest('request.badText', undefined, ERROR_CODES.validation);
    }
    checkEncodedHeaders(request);
  });

  // Before routing decides anything: a path whose decoding names another route than it spells is refused.
  app.addHook('onRequest', async (request) => {
    if (!isPlainPath(request.url)) throw notFound();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // Decided by the route the router matched (its definition's path), never by the URL's spelling. No route
    // matched (a 404, a refused spelling): no-store unless the answer set its own (the client's shell).
    const route = request.routeOptions.url;
    const current = reply.getHeader('cache-control');
    if (route === undefined) {
      if (current === undefined) reply.header('cache-control', 'no-store');
      return payload;
    }
    if (!route.startsWith('/api/')) return payload;
    // A signed media URL (see media-access.ts) is a credential like the bearer header.
    const authenticated =
      request.headers.authorization !== undefined || request.session != null || request.mediaToken != null;
    const download = reply.getHeader('content-disposition') !== undefined;
    const publicAnswer = typeof current === 'string' && /\bpublic\b/.test(current);
    if (authenticated || download || !publicAnswer) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * Whether a request's path names the route it spells: no empty segment (`//`) but a trailing slash, no dot segment
 * (`.`, `..`, or their percent-encoded forms), and no segment that decodes to a slash or a backslash (`%2F`, `%5C`).
 * Such paths reach another route (or another file) than their text shows, so they are refused before routing's
 * answer is used. A malformed percent-encoding is refused too.
 */
export function isPlainPath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query >= 0 ? url.slice(0, query) : url;
  if (!path.startsWith('/')) return false;
  const segments = path.slice(1).split('/');
  for (const [index, segment] of segments.entries()) {
    if (segment === '') {
      if (index === segments.length - 1) continue; // a trailing slash (the client's routes end in one)
      return false;
    }
    if (!segment.includes('%') && !segment.includes('\\') && segment !== '.' && segment !== '..') continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded === '.' || decoded === '..' || /[/\\]/.test(decoded)) return false;
  }
  return true;
}

/** Headers that routes percent-decode: a malformed one (`%E0%A4%A`, a NUL) is 400, not a URIError's 500. */
const ENCODED_HEADERS = ['x-file-name'] as const;

function checkEncodedHeaders(request: FastifyRequest) {
  for (const name of ENCODED_HEADERS) {
    const value = request.headers[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw malformedHeader(name);
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      throw malformedHeader(name);
    }
    if (!isCleanText(decoded)) throw malformedHeader(name);
  }
}

const malformedHeader = (name: string) =>
  new AppError(400, ERROR_CODES.validation, 'request.badHeader', { fields: { [name]: 'request.badHeader' } });

/** A UTF-16 surrogate without its pair (the regular expression works on code units: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string without NUL and without lone surrogates. */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Walks parsed input (objects, arrays, strings; keys too), at most a few levels deep per the body limit. */
export function isCleanValue(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isCleanText(value);
  if (value === null || typeof value !== 'object' || depth > 64) return true;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return true;
  if (Array.isArray(value)) return value.every((item) => isCleanValue(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (!isCleanText(key) || !isCleanValue(item, depth + 1)) return false;
  }
  return true;
}

/**
 * What the error handler answers for a database error caused by the request's values: a unique-key violation
 * (23505, two saves of the same key) is 409; a data exception (class 22: a value out of range, an invalid date or
 * character) is 400. Anything else is not the user's doing.
 */
export function databaseInputError(error: unknown): 'conflict' | 'badInput' | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505') return 'conflict';
  if (code.startsWith('22')) return 'badInput';
  return null;
}
