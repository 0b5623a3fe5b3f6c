import type { SaleLot } from '@portal/contract/promo';
import { describe, expect, it } from 'vitest';
import {
  applyFilter,
  chooseFilter,
  filterValue,
  labelColours,
  lotState,
  type PromoFilter,
  priceMarks,
} from './promo-model';

const lot = (unit_id: number, location_id: number, part: 'main' | 'periphery', launchDate: string | null) =>
  ({ unit_id, location_id, part, launchDate }) as SaleLot;
const lots = [
  lot(1, 1, 'main', '2023-07-01'),
  lot(2, 1, 'periphery', '2023-07-01'),
  lot(3, 3, 'main', '2023-07-01'),
  lot(4, 7, 'periphery', '2027-06-01'),
];
const today = '2026-11-23';
const ids = (filter: PromoFilter) => applyFilter(lots, filter, today).map((l) => l.unit_id);

describe('promo filters', () => {
  it('keep one choice at a time: choosing in one filter resets the others', () => {
    let filter = chooseFilter(null, 'location', '1');
    expect(ids(filter)).toEqual([1, 2]);
    filter = chooseFilter(filter, 'unitType', 'periphery');
    expect(filterValue(filter, 'location')).toBeNull();
    expect(filterValue(filter, 'unitType')).toBe('periphery');
    expect(ids(filter)).toEqual([2, 4]);
    filter = chooseFilter(filter, 'unitState', 'building');
    expect(filterValue(filter, 'unitType')).toBeNull();
    expect(ids(filter)).toEqual([4]);
    filter = chooseFilter(filter, 'location', '3');
    expect([filterValue(filter, 'unitState'), ids(filter)]).toEqual([null, [3]]);
  });
  it('show every lot when the chosen filter is cleared; clearing another keeps the choice', () => {
    const filter = chooseFilter(null, 'unitState', 'operating');
    expect(ids(filter)).toEqual([1, 2, 3]);
    expect(chooseFilter(filter, 'location', null)).toEqual(filter);
    expect(ids(chooseFilter(filter, 'unitState', null))).toEqual([1, 2, 3, 4]);
  });
});

describe('lot labels', () => {
  it('mark a lot operating from its launch date, building before it or without one', () => {
    expect(lotState({ launchDate: '2026-11-23' }, today)).toBe('operating');
    expect(lotState({ launchDate: '2026-11-24' }, today)).toBe('building');
    expect(lotState({ launchDate: null }, today)).toBe('building');
  });
  it('colour the type by part and the state by whether it operates', () => {
    expect(labelColours(lots[0] as SaleLot, today)).toMatchObject({ unitType: 'blue', unitState: 'green' });
    expect(labelColours(lots[3] as SaleLot, today)).toMatchObject({
      unitType: 'violet',
      unitState: 'orange',
    });
    expect(labelColours(lots[0] as SaleLot, today).location).not.toBe(
      labelColours(lots[2] as SaleLot, today).location,
    );
  });
});

describe('the discount a lot card shows', () => {
  it('strikes the market price only when a lower price follows it', () => {
    // Баня №2 of the demo: a market price below the asking price is no discount.
    expect(priceMarks({ defaultPrice: 5_558_984, discountPrice: null, price: 7_400_000 })).toEqual({
      strikeMarket: false,
      showDiscount: false,
    });
    expect(priceMarks({ defaultPrice: 10_000_000, discountPrice: 9_500_000, price: 9_000_000 })).toEqual({
      strikeMarket: true,
      showDiscount: true,
    });
  });

  it('shows a discount price only between the market price and the price asked', () => {
    expect(priceMarks({ defaultPrice: 8_000_000, discountPrice: 8_500_000, price: 9_000_000 })).toEqual({
      strikeMarket: false,
      showDiscount: false,
    });
    // Баня №2: a discount below the market, but the investor asks more than both: neither is a discount.
    expect(priceMarks({ defaultPrice: 5_431_539, discountPrice: 4_888_000, price: 7_400_000 })).toEqual({
      strikeMarket: false,
      showDiscount: false,
    });
  });
});
