import type { InventoryItem } from '@portal/contract/inventory';

export type CostSort = 'asc' | 'desc' | null;

/** Items of the chosen spaces (none chosen: all), grouped by space in the server's order, sorted by cost if asked. */
export function groupItems(items: InventoryItem[], spaces: string[], sort: CostSort) {
  const chosen = new Set(spaces);
  const groups = new Map<number, { id: number; name: string; nameEn: string; items: InventoryItem[] }>();
  for (const item of items) {
    if (chosen.size > 0 && !chosen.has(String(item.LocID))) continue;
    const group = groups.get(item.LocID) ?? {
      id: item.LocID,
      name: item.LocName,
      nameEn: item.LocNameEn,
      items: [],
    };
    groups.set(item.LocID, group);
    group.items.push(item);
  }
  const list = [...groups.values()];
  if (sort)
    for (const group of list)
      group.items.sort((a, b) => (sort === 'asc' ? a.Cost - b.Cost : b.Cost - a.Cost));
  return list;
}

/** The cost header toggles ascending and descending; the first press sorts ascending. */
export const nextSort = (sort: CostSort): CostSort => (sort === 'asc' ? 'desc' : 'asc');
