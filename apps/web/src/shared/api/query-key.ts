import type { ApiKey } from '@portal/contract/routes';
import type { QueryKey } from '@tanstack/react-query';

/**
 * The cache key of a call: the contract's route key first, then what the answer depends on (the call's input and,
 * where the answer differs by them, the role or location chosen in the layout). Invalidating by the route key
 * alone (`queryKeyOf('GET /users/actives')`) refreshes every variant, so no feature spells a key of its own.
 */
export function queryKeyOf<K extends ApiKey>(key: K, ...parts: unknown[]): readonly [K, ...unknown[]] {
  return [key, ...parts];
}

/** Whether a cached query belongs to one of the routes (for invalidating several calls at once). */
export function isQueryOf(queryKey: QueryKey, ...keys: ApiKey[]): boolean {
  return keys.includes(queryKey[0] as ApiKey);
}
