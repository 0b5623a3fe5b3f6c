import type { ActiveUnit } from '@portal/contract/profile';
import { describe, expect, it } from 'vitest';
import { formatYield, groupByLocation, saleAction, validPrice } from './units-model';

describe('sale yield', () => {
  it('is shown with exactly two decimals in each language', () => {
    expect(formatYield(12, 'ru')).toBe('12,00%');
    expect(formatYield(12.09, 'en')).toBe('12.09%');
    expect(formatYield(1234.5, 'ru')).toBe('1234,50%');
  });
});

describe('sale action', () => {
  it('offers selling only an earning unit that is not on sale, and removal of one on sale', () => {
    expect(saleAction({ is_sale: false, last_month_income: 120_000 })).toBe('sell');
    expect(saleAction({ is_sale: false, last_month_income: 0 })).toBeNull();
    expect(saleAction({ is_sale: true, last_month_income: 0 })).toBe('remove');
    expect(saleAction({ is_sale: true, last_month_income: 5 })).toBe('remove');
  });
  it('accepts only prices above 0', () => {
    expect(validPrice(0)).toBeNull();
    expect(validPrice(-1)).toBeNull();
    expect(validPrice('')).toBeNull();
    expect(validPrice(null)).toBeNull();
    expect(validPrice('12 500 000,5')).toBe(12_500_000.5);
    expect(validPrice(0.01)).toBe(0.01);
  });
});

describe('cards by location', () => {
  const unit = (id: number, locationId: number) =>
    ({
      unit_id: id,
      locationId,
      locationName: `Л${locationId}`,
      locationNameEn: `L${locationId}`,
    }) as ActiveUnit;
  it('keeps the server order and the index of each card in the whole list (anchors unit_{index})', () => {
    const groups = groupByLocation([unit(5, 1), unit(11, 1), unit(20, 2), unit(28, 3)]);
    expect(groups.map((g) => g.name)).toEqual(['Л1', 'Л2', 'Л3']);
    expect(groups.map((g) => g.units.map((u) => [u.unit.unit_id, u.index]))).toEqual([
      [
        [5, 0],
        [11, 1],
      ],
      [[20, 2]],
      [[28, 3]],
    ]);
  });
});
