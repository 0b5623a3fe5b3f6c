import { describe, expect, it } from 'vitest';
import { investorTabs, lenderTabs, pickLenderTab } from './timeline-tabs';

describe('timeline tabs', () => {
  const units = [
    { unitId: 10, userUnitId: 100, unitName: 'А', unitNameEn: 'A', locationId: 1 },
    { unitId: 11, userUnitId: 101, unitName: 'Б', unitNameEn: 'B', locationId: 2 },
  ];
  it('gives investors the whole location (1488) and their units of the location', () => {
    expect(investorTabs(1, units)).toEqual([
      { id: 1488, label: null, labelEn: null, reportUnitId: null, locationId: 1 },
      { id: 100, label: 'А', labelEn: 'A', reportUnitId: 10, locationId: 1 },
    ]);
  });
  it('gives lenders the fixed tabs 1, 2, 3 and uses a stored tab only if it is one of them', () => {
    expect(
      lenderTabs(new Map([[2, { name: 'Берег', nameEn: 'Bereg' }]])).map((t) => [t.id, t.label]),
    ).toEqual([
      [1, null],
      [2, 'Берег'],
      [3, null],
    ]);
    expect(pickLenderTab(3, 1)).toBe(3);
    expect(pickLenderTab(7, 2)).toBe(2);
    expect(pickLenderTab(1488, 7)).toBe(1);
    expect(pickLenderTab(null, null)).toBe(1);
  });
});
