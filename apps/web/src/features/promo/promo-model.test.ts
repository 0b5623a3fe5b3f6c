import type { SaleLot } from '@portal/contract/sales';
import { describe, expect, it } from 'vitest';
import {
  applyFilter,
  chooseFilter,
  filterValue,
  labelColours,
  lotState,
  type PromoFilter,
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
