import type { Database } from '../../db/connection.ts';
import type { Session } from './sessions.ts';

/**
 * Verified sessions kept in this process for at most a second, so a page's parallel calls and a busy
 * client do not query `sessions` on every request. The rule is that an ended session is refused within one second on
 * every instance, and sooner where it can be:
 *
 * - every change that ends a session or changes what its check reads (revoked, expired, the user deactivated or
 *   deleted, roles changed) is announced by triggers of migration 021 on the channel `session_change` at commit;
 *   every instance LISTENs and drops that user's entries at once;
 * - the cache is used only while the listening connection is up (PostgreSQL: a lost one drops everything and
 *   bypasses the cache until it listens again); the embedded database is one process and delivers every notification;
 * - a write request of this instance (any method but GET and HEAD) clears the cache when it answers, so the next
 *   call of the same client is checked in the database even before the notification comes back: all of it after a
 *   staff member's or an anonymous write (they may end or change anyone's sessions), the writer's own entries after
 *   an owner's (an owner's calls change no one else's sessions), so one owner's write does not send every other
 *   owner's next call to the database;
 * - an entry lives at most one second and never past the session's expiry, so even a listening connection that dies
 *   silently cannot keep a revoked session working longer than the rule allows;
 * - a lookup that started before an invalidation is not stored (a generation counter), so a revocation committed
 *   while the database was being read cannot be overwritten by the older answer.
 *
 * Concurrent lookups of one token share one query.
 */
export const SESSION_CACHE_MS = 1000;
const MAX_ENTRIES = 10_000;

type Entry = { session: Session; until: number };

export type SessionCache = {
  /** The cached session of a token, or the lookup: a concurrent lookup of the same token is shared. */
  lookup(
    token: string,
    verify: () => Promise<(Session & { expiresAt: Date }) | null>,
  ): Promise<Session | null>;
  /** Drops every entry (a write request answered in this instance). */
  clear(): void;
  /** Drops one user's entries (a write of that owner answered in this instance). */
  forget(userId: number): void;
};

const caches = new WeakMap<Database, SessionCache>();

/** The cache of a database handle, listening from its first use. */
export function sessionCacheOf(database: Database): SessionCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = createSessionCache(database);
    caches.set(database, cache);
  }
  return cache;
}

function createSessionCache(database: Database): SessionCache {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, { generation: number; promise: Promise<Session | null> }>();
  let listening = false;
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
    pending.clear();
  };
  const forget = (userId: number) => {
    generation += 1;
    pending.clear();
    for (const [token, entry] of entries) {
      if (!Number.isFinite(userId) || entry.session.userId === userId) entries.delete(token);
    }
  };
  database.listen(
    'session_change',
    (payload) => forget(Number(payload)),
    (state) => {
      clear();
      listening = state;
    },
  );
  return {
    clear,
    forget,
    lookup(token, verify) {
      const now = Date.now();
      const entry = entries.get(token);
      if (entry && listening && entry.until > now) return Promise.resolve(entry.session);
      if (entry) entries.delete(token);
      const shared = pending.get(token);
      if (shared && shared.generation === generation) return shared.promise;
      const started = generation;
      const promise = verify().then(
        (found) => {
          if (pending.get(token)?.promise === promise) pending.delete(token);
          if (!found) return null;
          const { expiresAt, ...session } = found;
          if (listening && generation === started) {
            if (entries.size >= MAX_ENTRIES) entries.clear();
            entries.set(token, {
              session,
              until: Math.min(Date.now() + SESSION_CACHE_MS, expiresAt.getTime()),
            });
          }
          return session;
        },
        (error: unknown) => {
          if (pending.get(token)?.promise === promise) pending.delete(token);
          throw error;
        },
      );
      if (listening) pending.set(token, { generation: started, promise });
      return promise;
    },
  };
}
