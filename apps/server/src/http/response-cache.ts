import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { requestLocale } from './locale.ts';

/**
 * The answers of a signed-in user's reads (the calls whose contract definition says `cache: true`), kept in this
 * process for a few seconds (RESPONSE_CACHE_SECONDS), so a page's repeated calls and a busy client skip the database,
 * the response check and the compression. The rule: no answer older than the last write the same user could have
 * seen.
 *
 * - Every statement that changes a table an answer may read notifies `data_change` at commit (migration 024); every
 *   instance LISTENs and drops all its answers at once. The tables left out are `TABLES_WITHOUT_DATA_CHANGE`.
 * - Answers are used only while the listening connection is up: a lost one drops everything and bypasses the cache
 *   until it listens again (the embedded database is one process and delivers every notification).
 * - A write request of this instance (any method but GET and HEAD: no GET of the API writes) drops everything when
 *   it answers, so the same client's next read is fresh even before the notification is back.
 * - An answer is keyed by the session, the language it is made in (requestLocale: the cookie, then ru)
 *   and the whole URL: nobody is served another session's or another language's answer, and each request is still
 *   authenticated first (an ended session is refused, cache or not).
 * - A read that started before a drop is not stored (a generation counter), so an answer computed from data a
 *   concurrent write replaced cannot come back. Only 200s are kept.
 */
export const TABLES_WITHOUT_DATA_CHANGE = [
  'schema_migrations',
  'sessions',
  'auth_links',
  'auth_codes',
  'outbox',
  'audit_log',
  'file_chunks',
] as const;

const MAX_ENTRIES = 20_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** @fastify/compress's threshold in app.ts: smaller answers go out as they are. */
const COMPRESS_FROM = 1024;

type Encoding = 'br' | 'gzip';
/** The body in UTF-8 once: a string would be encoded again on every send. */
type Entry = { body: Buffer; until: number; encoded: Partial<Record<Encoding, Buffer>> };

export type ResponseCache = {
  /** onRequest hook of a cached route, after the access check: answers from the cache when it can. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** onSend of a cached route: keeps a 200 answer computed since the last drop. */
  keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /** Drops every answer (a write answered in this instance). */
  clear(): void;
};

const caches = new WeakMap<AppContext['database'], ResponseCache | null>();

/** The answer cache of an app's database, listening from its first use; null when RESPONSE_CACHE_SECONDS is 0. */
export function responseCacheOf(ctx: AppContext): ResponseCache | null {
  let cache = caches.get(ctx.database);
  if (cache === undefined) {
    cache =
      ctx.config.responseCacheSeconds > 0
        ? createResponseCache(ctx, ctx.config.responseCacheSeconds * 1000)
        : null;
    caches.set(ctx.database, cache);
  }
  return cache;
}

/** Drops this instance's answers when a write request answers (see above). */
export function registerResponseCache(app: FastifyInstance, ctx: AppContext) {
  const cache = responseCacheOf(ctx);
  if (!cache) return;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
    return payload;
  });
}

function createResponseCache(ctx: AppContext, lifetimeMs: number): ResponseCache {
  const entries = new Map<string, Entry>();
  /** The key and generation of a read the cache could not answer, for keep(). */
  const misses = new WeakMap<FastifyRequest, { key: string; generation: number }>();
  let bytes = 0;
  let generation = 0;
  let listening = false;
  const { hits, misses: missCount } = ctx.metrics.cache;
  const clear = () => {
    generation += 1;
    entries.clear();
    bytes = 0;
  };
  ctx.database.listen('data_change', clear, (state) => {
    clear();
    listening = state;
  });

  return {
    clear,
    async answer(request, reply) {
      const session = request.session;
      if (!listening || !session) return undefined;
      // The language the answer is made in (the cookie, then ru), never a raw header: a cookie
      // switch would otherwise be served the other language's answer.
      const key = `${session.sessionId}\n${requestLocale(request)}\n${request.url}`;
      const entry = entries.get(key);
      if (entry && entry.until > Date.now()) {
        hits.inc();
        reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit');
        const encoding = acceptedEncoding(request.headers['accept-encoding'], entry.body);
        if (!encoding) return reply.send(entry.body);
        reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
        return reply.send(encoded(entry, encoding));
      }
      if (entry) {
        entries.delete(key);
        bytes -= entry.body.length;
      }
      missCount.inc();
      reply.header('x-cache', 'miss');
      misses.set(request, { key, generation });
      return undefined;
    },
    async keep(request, reply, payload) {
      const miss = misses.get(request);
      if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (!listening || miss.generation !== generation) return payload;
      const body = Buffer.from(payload);
      if (entries.size >= MAX_ENTRIES || bytes + body.length > MAX_BYTES) clear();
      entries.set(miss.key, { body, until: Date.now() + lifetimeMs, encoded: {} });
      bytes += body.length;
      return payload;
    },
  };
}

/** The encoding to send a cached answer in, as @fastify/compress would choose it: br, then gzip, if accepted. */
function acceptedEncoding(header: string | undefined, body: Buffer): Encoding | null {
  if (!header || body.length < COMPRESS_FROM) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** The answer compressed once per entry (brotli at quality 5: most of 11's gain at a fraction of the time). */
function encoded(entry: Entry, encoding: Encoding): Buffer {
  let buffer = entry.encoded[encoding];
  if (!buffer) {
    buffer =
      encoding === 'br'
        ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(entry.body);
    entry.encoded[encoding] = buffer;
  }
  return buffer;
}
