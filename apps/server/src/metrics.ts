import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/connection.ts';

/**
 * The server's Prometheus metrics, one registry per app (tests run several in one process). The counters are
 * always counted (an increment is a few nanoseconds); the text is served, and the process's own default metrics
 * (event-loop delay, memory, GC) are measured, only where METRICS_PORT is set, on a listener of its own.
 */
export type Metrics = {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  cache: { hits: Counter; misses: Counter; bytes: Gauge };
  rateLimitRefusals: Counter;
  importRows: Counter<'kind'>;
  importDuration: Histogram<'kind' | 'outcome'>;
};

export type MetricsSources = {
  database: Pick<Database, 'stats'>;
  /** Messages waiting to be sent and given up on (the outbox). */
  outbox(): Promise<{ pending: number; failed: number }>;
  /** Process metrics (event loop, memory, GC) too: only when they are served. */
  withDefaults: boolean;
};

/** The label of requests no route matched (a 404 of an unknown path): never the URL itself. */
const UNMATCHED = 'unmatched';

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  if (sources.withDefaults) collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const registers = [registry];

  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections by state (size: the most it opens); absent on the embedded database',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = sources.database.stats().pool;
      if (!pool) return;
      this.set({ state: 'size' }, pool.size);
      this.set({ state: 'open' }, pool.open);
      this.set({ state: 'in_use' }, pool.inUse);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Counter({
    name: 'portal_db_query_errors_total',
    help: 'Statements that failed, by SQLSTATE (55P03: a lock wait ran out, 57014: a statement ran out of time)',
    labelNames: ['code'],
    registers,
    collect() {
      this.reset();
      for (const [code, count] of sources.database.stats().queryErrors) this.inc({ code }, count);
    },
  });
  new Gauge({
    name: 'portal_outbox_messages',
    help: 'E-mails and SMS in the outbox: pending (waiting or retrying) and failed (given up after the retries)',
    labelNames: ['status'],
    registers,
    async collect() {
      // A database that is away keeps the last values; readiness and the query errors tell that story.
      const counts = await sources.outbox().catch(() => null);
      if (!counts) return;
      this.set({ status: 'pending' }, counts.pending);
      this.set({ status: 'failed' }, counts.failed);
    },
  });

  return {
    registry,
    httpDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'HTTP requests by method, matched route (its definition, not the URL) and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    cache: {
      hits: new Counter({
        name: 'portal_response_cache_hits_total',
        help: 'Signed-in reads answered from the answer cache',
        registers,
      }),
      misses: new Counter({
        name: 'portal_response_cache_misses_total',
        help: 'Cacheable signed-in reads the answer cache could not answer',
        registers,
      }),
      bytes: new Gauge({
        name: 'portal_response_cache_bytes',
        help: 'Bytes of answers the answer cache holds, as they were sent (its last lifetime, 64 MB at most)',
        registers,
      }),
    },
    rateLimitRefusals: new Counter({
      name: 'portal_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit',
      registers,
    }),
    importRows: new Counter({
      name: 'portal_import_rows_total',
      help: 'Rows read from imported files, by kind',
      labelNames: ['kind'],
      registers,
    }),
    importDuration: new Histogram({
      name: 'portal_import_duration_seconds',
      help: 'Imports by kind and outcome (applied, refused: bad rows and nothing written, failed: an error)',
      labelNames: ['kind', 'outcome'],
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    }),
  };
}

/**
 * Times every request by its route. Each route gets its own onResponse hook holding its labels and a child per
 * status, so a request costs one Map lookup and one observe, no label object or string built.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  const hookFor = (method: string, route: string) => {
    const children = new Map<number, { observe(value: number): void }>();
    return async (_request: unknown, reply: { statusCode: number; elapsedTime: number }) => {
      let child = children.get(reply.statusCode);
      if (!child) {
        child = metrics.httpDuration.labels(method, route, String(reply.statusCode));
        children.set(reply.statusCode, child);
      }
      child.observe(reply.elapsedTime / 1000);
    };
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const hook = hookFor(methods, route.url);
    const own = route.onResponse;
    route.onResponse = own === undefined ? [hook] : Array.isArray(own) ? [...own, hook] : [own, hook];
  });
  const unmatched = new Map<string, ReturnType<typeof hookFor>>();
  app.addHook('onResponse', async (request, reply) => {
    if (!request.is404) return;
    let hook = unmatched.get(request.method);
    if (!hook) {
      hook = hookFor(request.method, UNMATCHED);
      unmatched.set(request.method, hook);
    }
    await hook(request, reply);
  });
}

/** The metrics port could not be opened (taken, not allowed): the start names METRICS_PORT, not PORT. */
export class MetricsListenError extends Error {
  constructor(listen: { port: number; host: string }, cause: Error) {
    super(`cannot listen for metrics on ${listen.host}:${listen.port} (${cause.message})`);
  }
}

const servers = new WeakMap<FastifyInstance, Server>();

/**
 * Serves GET /metrics on a listener of its own (METRICS_PORT), opened when the app is ready and closed with it, so
 * the public port never answers it and a load balancer that forwards the public port cannot expose it.
 */
export function registerMetricsServer(
  app: FastifyInstance,
  metrics: Metrics,
  listen: { port: number; host: string },
) {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: Error) => {
        app.log.warn({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) => reject(new MetricsListenError(listen, error)));
      server.listen(listen.port, listen.host, () => resolve());
    });
    servers.set(app, server);
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });
}

/** Where an app's metrics listener listens (tests listen on port 0); null while there is none. */
export function metricsAddress(app: FastifyInstance): AddressInfo | null {
  const address = servers.get(app)?.address();
  return address && typeof address === 'object' ? address : null;
}
