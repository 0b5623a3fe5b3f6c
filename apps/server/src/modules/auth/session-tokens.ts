import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * The session token: a JWT (RFC 7519) in compact form, signed with HMAC-SHA-256 (HS256), made and checked with
 * node:crypto in the request's own turn. jose's HMAC goes through WebCrypto, a job handed to another thread and
 * back: 0.07–0.15 ms of processor time a check against 0.01 here, paid by every owner's first call after signing in
 * (docs/performance.md). jose stays in the tests, which sign tokens with it: what a standard library makes, this
 * module reads.
 *
 * A token is accepted only when all of these hold: three base64url parts; a header that names HS256 and nothing this
 * module would have to understand (`crit`, `b64`); a signature that is the HMAC of the first two parts under the
 * key, compared in constant time; a payload that is a JSON object with the issuer, an expiry still ahead and no
 * `nbf` still ahead.
 */
export type TokenClaims = { sid: string; sub: string; iss: string; iat: number; exp: number };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const PART = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_BYTES = 32;

function signatureOf(key: KeyObject, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput, 'ascii').digest();
}

/** A signed token with the claims, in the order jose's SignJWT writes them. */
export function signToken(key: KeyObject, claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signingInput = `${HEADER}.${payload}`;
  return `${signingInput}.${signatureOf(key, signingInput).toString('base64url')}`;
}

/** The claims of a token that is ours and still valid at `nowSeconds`; null for anything else. */
export function verifyToken(
  key: KeyObject,
  token: string,
  issuer: string,
  nowSeconds: number,
): { sid: string; exp: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!PART.test(header) || !PART.test(payload) || !PART.test(signature)) return null;
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== SIGNATURE_BYTES) return null;
  if (!timingSafeEqual(given, signatureOf(key, `${header}.${payload}`))) return null;
  const protectedHeader = jsonObject(header);
  if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader || 'b64' in protectedHeader) return null;
  const claims = jsonObject(payload);
  if (!claims || claims.iss !== issuer || typeof claims.sid !== 'string') return null;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds)) return null;
  return { sid: claims.sid, exp: claims.exp };
}

function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
