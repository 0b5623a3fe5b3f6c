import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

/** The inventory page's calls: a unit's items, and an item's photos for the gallery. */
export const inventoryQueries = {
  items: (unitId: number) =>
    queryOptions({
      queryKey: queryKeyOf('GET /id-logic/items', unitId),
      queryFn: () => call('GET /id-logic/items', { query: { unitId } }),
    }),
  images: (itemId: number) =>
    queryOptions({
      queryKey: queryKeyOf('GET /id-logic/item/images', itemId),
      queryFn: () => call('GET /id-logic/item/images', { query: { itemId } }),
    }),
};
