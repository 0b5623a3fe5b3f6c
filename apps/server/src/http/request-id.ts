import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * An id a load balancer or a client sent is kept when it is a plain token (it lands in log lines and answers):
 * up to 128 of letters, digits and `._:-` (a UUID, a W3C trace id, an nginx $request_id); anything else gets a new one.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's genReqId: the request's own X-Request-Id when sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}
