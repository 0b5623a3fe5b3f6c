import { addMonths, monthRange, monthsBetween } from '@portal/contract/periods';
import { describe, expect, it } from 'vitest';
import { buildIncomeChart, labelledMonths, moneyTicks, monthLabelRoom } from './income-series';

const units = [
  {
    unitId: 5,
    unitName: 'Джуниор сюит №3',
    unitNameEn: 'Junior suite No. 3',
    invested: 9_800_000,
    incomes: [
      { yearMonth: 202611, amount: 80_000, lastMonthDiff: null },
      { yearMonth: 202701, amount: 90_000, lastMonthDiff: null },
    ],
  },
  {
    unitId: 13,
    unitName: 'Баня №1',
    unitNameEn: 'Banya No. 1',
    invested: 6_500_000,
    incomes: [{ yearMonth: 202612, amount: 150_000, lastMonthDiff: null }],
  },
];

describe('income chart', () => {
  it('puts every month of the range on the 5th, across the new year, with 0 for a month without income', () => {
    const { data } = buildIncomeChart(units, false, 202611, 202701);
    expect(data).toEqual([
      { date: '2026-11-05', u5: 80_000, u13: 0 },
      { date: '2026-12-05', u5: 0, u13: 150_000 },
      { date: '2027-01-05', u5: 90_000, u13: 0 },
    ]);
  });

  it('gives each unit a series in the four colours, named in the language of the page', () => {
    const { series } = buildIncomeChart(units, true, 202611, 202701);
    expect(series).toEqual([
      { name: 'u5', label: 'Junior suite No. 3', color: 'forest.7' },
      { name: 'u13', label: 'Banya No. 1', color: 'orange.6' },
    ]);
  });

  /** yyyymm of n months from a first one. */
  const monthsFrom = (first: number, n: number) => monthRange(first, addMonths(first, n - 1));

  it('labels as many months as the chart has room for, at most 15, on calendar steps', () => {
    expect(monthLabelRoom(0)).toBe(15);
    expect(monthLabelRoom(2000)).toBe(15);
    expect(monthLabelRoom(250)).toBe(2);
    expect(monthLabelRoom(490)).toBe(5);
    expect(monthLabelRoom(560)).toBe(6);
    // A 12-month range where every label fits: all of them.
    const year = monthsFrom(202511, 12);
    expect([...labelledMonths(year, 12)]).toEqual(year);
    // Room for 5 (a phone): every third month back from the last one.
    expect([...labelledMonths(year, 5)]).toEqual([202601, 202604, 202607, 202610]);
    // Room for 8 (a tablet): every second month, the range's last month (October) among them.
    expect([...labelledMonths(year, 8)]).toEqual([202512, 202602, 202604, 202606, 202608, 202610]);
    // Four years in room for 5: a label a year, on the last month's calendar month.
    expect([...labelledMonths(monthsFrom(202201, 48), 5)]).toEqual([202212, 202312, 202412, 202512]);
    // Whatever the room, the newest month has its label and the labels stand at even gaps.
    for (const room of [2, 3, 4, 5, 8, 15]) {
      const shown = [...labelledMonths(year, room)];
      expect(shown.at(-1)).toBe(202610);
      const gaps = shown.slice(1).map((month, i) => monthsBetween(shown[i] ?? 0, month));
      expect(new Set(gaps).size).toBeLessThanOrEqual(1);
    }
    // Never more labels than the room.
    for (const room of [2, 3, 4, 5, 8, 15])
      for (const length of [1, 2, 5, 12, 13, 24, 36, 58])
        expect(labelledMonths(monthsFrom(202203, length), room).size).toBeLessThanOrEqual(Math.max(room, 1));
  });

  it('puts the money axis on round steps of 1, 2 or 5 times a power of ten, from 0 to the top value', () => {
    expect(moneyTicks([141_000, 243_117, 60_500])).toEqual([0, 50_000, 100_000, 150_000, 200_000, 250_000]);
    expect(moneyTicks([14_101_472, 10_000_000])).toEqual([0, 5_000_000, 10_000_000, 15_000_000]);
    expect(moneyTicks([64_700])).toEqual([0, 20_000, 40_000, 60_000, 80_000]);
    expect(moneyTicks([1_000])).toEqual([0, 200, 400, 600, 800, 1_000]);
    expect(moneyTicks([0, 0])).toEqual([0]);
    expect(moneyTicks([])).toEqual([0]);
    // A loss goes below 0 on the same steps.
    expect(moneyTicks([-30_000, 70_000])).toEqual([-40_000, -20_000, 0, 20_000, 40_000, 60_000, 80_000]);
  });
});
