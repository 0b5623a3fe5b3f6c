import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { BROTLI_OPTIONS, COMPRESS_FROM, COMPRESS_IN_ONE_CALL_UP_TO, GZIP_OPTIONS } from './compression.ts';
import { requestLocale } from './locale.ts';
import { dropOnWrite } from './session-auth.ts';
import { utf8Of } from './utf8-answers.ts';

/**
 * The answers of a signed-in user's reads (the calls whose contract definition says `cache: true`), kept in this
 * process for a few seconds (RESPONSE_CACHE_SECONDS), so a page's repeated calls and a busy client skip the database,
 * the response check and the compression. The rule: no answer older than the last write the same user could have
 * seen.
 *
 * - Every statement that changes a table an answer may read notifies `data_change` at commit (migration 024); every
 *   instance LISTENs and drops all its answers at once. The tables left out are `TABLES_WITHOUT_DATA_CHANGE`.
 * - The tables of `TABLES_BY_USER` hold rows of one user each, and no cached answer reads another user's rows of
 *   them: their notice names the users whose rows a statement changed (`users:1,2`, migration 062) and drops only
 *   those users' answers, so an owner's language or a notification marked read leaves everyone else's answers be.
 *   A cached call that reads such a table for anyone but the signed-in user must not be cached, or the table must
 *   leave the list.
 * - Answers are used only while the listening connection is up: a lost one drops everything and bypasses the cache
 *   until it listens again (the embedded database is one process and delivers every notification).
 * - A write request of this instance (any method but GET and HEAD: no GET of the API writes) drops answers when it
 *   answers, so the same client's next read is fresh even before the notification is back: after an owner's write
 *   the owner's own answers (other users' answers learn of it from the notice, as of a write through another
 *   instance), after a staff member's or an anonymous write everything.
 * - An answer is keyed by the session, the language it is made in (requestLocale: the cookie, then ru)
 *   and the whole URL: nobody is served another session's or another language's answer, and each request is still
 *   authenticated first (an ended session is refused, cache or not).
 * - A read that started before a drop of its user's answers is not stored (a generation counter for everyone and
 *   one a user), so an answer computed from data a concurrent write replaced cannot come back. Only 200s are kept.
 * - It holds the answers of the last lifetime, and 64 MB at most: an answer leaves memory once its lifetime is over
 *   and another is kept (most are asked for once: an owner's first visit), and `portal_response_cache_bytes` tells an
 *   operator what it holds. An answer is compressed once, when it is computed, and kept as it was sent: a browser's
 *   answer only compressed (a third to an eighth of its body), another form made from it if the session asks for one.
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

/** The tables whose notice names the users of the changed rows (migration 062), each with the column naming them. */
export const TABLES_BY_USER = {
  users: 'id',
  user_roles: 'user_id',
  bank_details: 'user_id',
  recovery_codes: 'user_id',
  requests: 'user_id',
  documents: 'user_id',
  notifications: 'user_id',
  notification_settings: 'user_id',
  notification_digests: 'user_id',
  owner_statements: 'user_id',
} as const;

const MAX_ENTRIES = 20_000;
const MAX_BYTES = 64 * 1024 * 1024;

type Encoding = 'br' | 'gzip';
/** How an answer is kept and sent: as its UTF-8 body, or compressed. */
type Form = Encoding | 'identity';
/**
 * An answer in the form its first client took it (compressed when that client accepted it: a few KB instead of tens),
 * any other form a later ask of the same session needed, and where it is kept; `size` is the bytes of its forms.
 */
type Entry = {
  forms: Partial<Record<Form, Buffer>>;
  /** The bytes of the UTF-8 body, which decide whether it is compressed at all (COMPRESS_FROM). */
  length: number;
  until: number;
  userId: number;
  key: string;
  size: number;
};

export type ResponseCache = {
  /** onRequest hook of a cached route, after the access check: answers from the cache when it can. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** onSend of a cached route: keeps a 200 answer computed since the last drop of its user's answers. */
  keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  /** Drops every answer. */
  clear(): void;
  /** Drops one user's answers. */
  forget(userId: number): void;
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

/** Drops answers when a write request of this instance answers (see above). */
export function registerResponseCache(app: FastifyInstance, ctx: AppContext) {
  const cache = responseCacheOf(ctx);
  if (cache) dropOnWrite(app, cache);
}

/** The users a `data_change` notice names, or null for a notice that drops every answer. */
export function usersOfNotice(payload: string): number[] | null {
  if (!payload.startsWith('users:')) return null;
  const ids = payload.slice('users:'.length).split(',').map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
}

function createResponseCache(ctx: AppContext, lifetimeMs: number): ResponseCache {
  /** The answers of each user, by key: one user's drop is one delete. */
  const byUser = new Map<number, Map<string, Entry>>();
  /** The key, user and generations of a read the cache could not answer, for keep(). */
  const misses = new WeakMap<
    FastifyRequest,
    { key: string; userId: number; generation: number; userGeneration: number }
  >();
  /** A user's drops since the last drop of everything (which empties it: the global generation then differs). */
  const userGenerations = new Map<number, number>();
  /**
   * The entries in the order they were kept, which is the order they expire in (one lifetime for all): an answer
   * nobody asks for again leaves memory once its lifetime is over and another is kept, so the cache holds the last
   * lifetime's answers, not every answer since the last drop. Entries dropped or replaced before then are skipped.
   */
  let expiring: Entry[] = [];
  let expiringFrom = 0;
  let entryCount = 0;
  let bytes = 0;
  let generation = 0;
  let listening = false;
  const { hits, misses: missCount, bytes: bytesHeld } = ctx.metrics.cache;
  const counted = (entries: number, size: number) => {
    entryCount += entries;
    bytes += size;
    bytesHeld.set(bytes);
  };
  const remove = (entry: Entry) => {
    const entries = byUser.get(entry.userId);
    if (entries?.get(entry.key) !== entry) return;
    entries.delete(entry.key);
    if (entries.size === 0) byUser.delete(entry.userId);
    counted(-1, -entry.size);
    // The expiring list still holds the entry until its lifetime is over: not its answer (an owner's write drops
    // that owner's answers, and they would otherwise stay in memory for the rest of their lifetime).
    entry.forms = {};
  };
  const dropExpired = (now: number) => {
    while (expiringFrom < expiring.length) {
      const entry = expiring[expiringFrom];
      if (!entry || entry.until > now) break;
      expiringFrom += 1;
      remove(entry);
    }
    if (expiringFrom > 1024 && expiringFrom * 2 > expiring.length) {
      expiring = expiring.slice(expiringFrom);
      expiringFrom = 0;
    }
  };
  const clear = () => {
    generation += 1;
    byUser.clear();
    userGenerations.clear();
    expiring = [];
    expiringFrom = 0;
    counted(-entryCount, -bytes);
  };
  const forget = (userId: number) => {
    userGenerations.set(userId, (userGenerations.get(userId) ?? 0) + 1);
    const entries = byUser.get(userId);
    if (!entries) return;
    for (const entry of entries.values()) remove(entry);
  };
  ctx.database.listen(
    'data_change',
    (payload) => {
      const users = usersOfNotice(payload);
      if (users) for (const userId of users) forget(userId);
      else clear();
    },
    (state) => {
      clear();
      listening = state;
    },
  );

  return {
    clear,
    forget,
    async answer(request, reply) {
      const session = request.session;
      if (!listening || !session) return undefined;
      // The language the answer is made in (the cookie, then ru), never a raw header: a cookie
      // switch would otherwise be served the other language's answer.
      const key = `${session.sessionId}\n${requestLocale(request)}\n${request.url}`;
      const entries = byUser.get(session.userId);
      const entry = entries?.get(key);
      if (entry && entry.until > Date.now()) {
        hits.inc();
        reply.header('content-type', 'application/json; charset=utf-8').header('x-cache', 'hit');
        const form = acceptedEncoding(request.headers['accept-encoding'], entry.length) ?? 'identity';
        if (form !== 'identity') reply.header('content-encoding', form).header('vary', 'accept-encoding');
        let sent = entry.forms[form];
        if (!sent) {
          sent = inForm(entry.forms, form);
          entry.forms[form] = sent;
          entry.size += sent.length;
          counted(0, sent.length);
        }
        return reply.send(sent);
      }
      if (entry) remove(entry);
      missCount.inc();
      reply.header('x-cache', 'miss');
      misses.set(request, {
        key,
        userId: session.userId,
        generation,
        userGeneration: userGenerations.get(session.userId) ?? 0,
      });
      return undefined;
    },
    async keep(request, reply, payload) {
      const miss = misses.get(request);
      if (!miss || reply.statusCode !== 200) return payload;
      // A long answer comes as its bytes (utf8-answers.ts), a short one as its text.
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (!listening || miss.generation !== generation) return payload;
      if (miss.userGeneration !== (userGenerations.get(miss.userId) ?? 0)) return payload;
      const now = Date.now();
      dropExpired(now);
      // Compressed here as @fastify/compress would (it leaves an answer that names its encoding as it is), so the
      // cache keeps the bytes it sent, and the body goes out as the bytes already encoded.
      const body = typeof payload === 'string' ? utf8Of(payload) : payload;
      const length = body.length;
      const form = acceptedEncoding(request.headers['accept-encoding'], length) ?? 'identity';
      const sent = form === 'identity' ? ownBytes(body) : compressed(body, form);
      if (form !== 'identity') reply.header('content-encoding', form).header('vary', 'accept-encoding');
      if (entryCount >= MAX_ENTRIES || bytes + sent.length > MAX_BYTES) clear();
      const replaced = byUser.get(miss.userId)?.get(miss.key);
      if (replaced) remove(replaced);
      let entries = byUser.get(miss.userId);
      if (!entries) {
        entries = new Map();
        byUser.set(miss.userId, entries);
      }
      const entry: Entry = {
        forms: { [form]: sent },
        length,
        until: now + lifetimeMs,
        userId: miss.userId,
        key: miss.key,
        size: sent.length,
      };
      entries.set(miss.key, entry);
      expiring.push(entry);
      counted(1, sent.length);
      return sent;
    },
  };
}

/**
 * The encoding the cache sends an answer in, as @fastify/compress would choose it: br, then gzip, if accepted. None
 * for an answer over COMPRESS_IN_ONE_CALL_UP_TO: it is kept as its body, and the plugin compresses it through a
 * stream, off the event loop, each time it is sent.
 */
function acceptedEncoding(header: string | undefined, length: number): Encoding | null {
  if (!header || length < COMPRESS_FROM || length > COMPRESS_IN_ONE_CALL_UP_TO) return null;
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

/** An answer compressed as the server compresses any answer (compression.ts). */
function compressed(body: Buffer, encoding: Encoding): Buffer {
  return ownBytes(
    encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS),
  );
}

/** An answer in another form than those kept: from its body, or its body decompressed from a kept copy. */
function inForm(forms: Entry['forms'], form: Form): Buffer {
  const body =
    forms.identity ??
    ownBytes(forms.br ? brotliDecompressSync(forms.br) : gunzipSync(forms.gzip ?? Buffer.alloc(0)));
  return form === 'identity' ? body : compressed(body, form);
}

/**
 * A copy of exactly its bytes: zlib's result is a view of a 64 KB block, and a short text's bytes (Buffer.from) a view
 * of a shared 8 KB one, which a kept answer of 2 KB would otherwise hold for its lifetime (and the gauge would not
 * count); an answer's bytes are the sender's, not the cache's.
 */
function ownBytes(view: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(view.length);
  view.copy(copy);
  return copy;
}
