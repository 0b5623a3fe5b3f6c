import type { InventoryItem } from '@portal/contract/inventory';
import { describe, expect, it } from 'vitest';
import { groupItems, nextSort } from './inventory-model';

const item = (id: number, space: number, cost: number): InventoryItem => ({
  ItemID: id,
  ItemName: `i${id}`,
  ItemNameEn: `i${id}`,
  InvNumber: `N${id}`,
  Cost: cost,
  InvStatus: null,
  InvDate: null,
  preparedDate: null,
  LocID: space,
  LocName: `s${space}`,
  LocNameEn: `s${space}`,
  imageCount: 0,
});

describe('inventory tables', () => {
  const items = [item(1, 1, 300), item(2, 1, 100), item(3, 2, 50), item(4, 1, 200)];
  it('groups by space in order and keeps the server order without a sort', () => {
    const groups = groupItems(items, [], null);
    expect(groups.map((g) => g.name)).toEqual(['s1', 's2']);
    expect(groups[0]?.items.map((i) => i.ItemID)).toEqual([1, 2, 4]);
  });
  it('filters by the chosen spaces', () => {
    expect(groupItems(items, ['2'], null).map((g) => g.name)).toEqual(['s2']);
  });
  it('sorts by cost within each space, ascending first then descending', () => {
    expect(nextSort(null)).toBe('asc');
    expect(nextSort('asc')).toBe('desc');
    expect(nextSort('desc')).toBe('asc');
    expect(groupItems(items, [], 'asc')[0]?.items.map((i) => i.Cost)).toEqual([100, 200, 300]);
    expect(groupItems(items, [], 'desc')[0]?.items.map((i) => i.Cost)).toEqual([300, 200, 100]);
  });
});
