import { errorResponseSchema } from '@portal/contract/errors';
import type { RouteDefinition } from '@portal/contract/route';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { isMediaRoute, mediaGuard } from './media-access.ts';
import { responseCacheOf } from './response-cache.ts';
import { requireSession, requireStaff } from './session-auth.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of a route, typed from its definition's schemas (already checked when the handler runs). */
export type RouteRequest<D extends RouteDefinition> = FastifyRequest<{
  Params: Parsed<D['params']>;
  Querystring: Parsed<D['query']>;
  Body: Parsed<D['body']>;
}>;

/** What a handler answers: the response schema's input (the serializer checks it), or the reply of a download. */
type Answer<D extends RouteDefinition> = D['response'] extends z.ZodType
  ? z.input<D['response']>
  : FastifyReply;

export type RouteHandler<D extends RouteDefinition> = (
  request: RouteRequest<D>,
  reply: FastifyReply,
) => Answer<D> | Promise<Answer<D>>;

/**
 * Route options a definition does not carry: hooks run after the access check (preValidation: before the schemas
 * check the request, say to reshape a body), limits, per-route config.
 */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'bodyLimit' | 'config' | 'preValidation' | 'preHandler'
> & {
  onRequest?: onRequestHookHandler;
};

/** The error answers a call documents: 400 for every call, 401 and 403 behind a session, and its own. */
function errorResponses(definition: RouteDefinition) {
  const statuses = new Set<number>([400, ...(definition.errors ?? [])]);
  if (definition.access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  return Object.fromEntries([...statuses].sort().map((status) => [status, errorResponseSchema]));
}

/**
 * The one way a module registers a call of the contract: method, path, docs and schemas come from the definition,
 * the access guard from its `access` (before the body is read; media kinds: http/media-access.ts), errors go through
 * the app's error handler.
 * Use it as `const route = routesOf(app, ctx)` in a module's plugin, then `route(incomeApi.statistics, handler)`.
 */
export function routesOf(app: FastifyInstance, ctx: AppContext) {
  const guards = { public: undefined, session: requireSession(ctx), staff: requireStaff(ctx) } as const;
  return <D extends RouteDefinition>(definition: D, handler: RouteHandler<D>, extras: RouteExtras = {}) => {
    // The guard belongs to the route the router matched, so no spelling of its path can step round it.
    const { access } = definition;
    const guard = isMediaRoute(definition)
      ? mediaGuard(ctx, definition)
      : access === 'public' || access === 'session' || access === 'staff'
        ? guards[access]
        : undefined;
    const cache = definition.cache && definition.access !== 'public' ? responseCacheOf(ctx) : null;
    // A cached answer goes out right after the access check: the same URL's query was checked when it was computed.
    const onRequest = [guard, extras.onRequest, cache?.answer].filter((hook) => hook !== undefined);
    app.route({
      method: definition.method,
      url: definition.path,
      ...(extras.bodyLimit !== undefined ? { bodyLimit: extras.bodyLimit } : {}),
      ...(extras.config ? { config: extras.config } : {}),
      ...(extras.preValidation ? { preValidation: extras.preValidation } : {}),
      ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
      ...(cache ? { onSend: cache.keep } : {}),
      ...(onRequest.length ? { onRequest } : {}),
      schema: {
        tags: [...definition.tags],
        summary: definition.summary,
        ...(definition.access !== 'public' ? { security: [{ bearer: [] }] } : {}),
        ...(definition.params ? { params: definition.params } : {}),
        ...(definition.query ? { querystring: definition.query } : {}),
        ...(definition.body ? { body: definition.body } : {}),
        ...(definition.consumes ? { consumes: [...definition.consumes] } : {}),
        ...(definition.produces ? { produces: [...definition.produces] } : {}),
        response: {
          ...(definition.response === 'file' ? {} : { 200: definition.response }),
          ...errorResponses(definition),
        },
      },
      // The schemas above checked the request; the handler's types are the definition's.
      handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => unknown,
    });
  };
}
