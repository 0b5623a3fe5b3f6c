import { describe, expect, it } from 'vitest';
import { buildIncomeChart, defaultRange, tickInterval, yearMonthOfDate } from './income-series';

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

  it('labels at most 15 ticks', () => {
    expect(tickInterval(12)).toBe(0);
    expect(tickInterval(15)).toBe(0);
    expect(tickInterval(30)).toBe(1);
    expect(tickInterval(58)).toBe(3);
    // A phone's chart labels at most 5 months: 12 months are labelled every third.
    expect(tickInterval(12, true)).toBe(2);
    expect(tickInterval(5, true)).toBe(0);
  });

  it('defaults to the twelve complete months before the current one', () => {
    const [from, to] = defaultRange(new Date(2026, 10, 22));
    expect([yearMonthOfDate(from), yearMonthOfDate(to)]).toEqual([202511, 202610]);
  });
});
