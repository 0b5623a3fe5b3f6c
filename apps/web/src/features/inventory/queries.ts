import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The inventory page's calls: a unit's items, and an item's photos for the gallery. */
export const inventoryQueries = {
  items: (unitId: number) =>
    queryOptions({
      queryKey: ['inventory', unitId],
      queryFn: () => call('GET /id-logic/items', { query: { unitId } }),
    }),
  images: (itemId: number) =>
    queryOptions({
      queryKey: ['inventory-images', itemId],
      queryFn: () => call('GET /id-logic/item/images', { query: { itemId } }),
    }),
};
