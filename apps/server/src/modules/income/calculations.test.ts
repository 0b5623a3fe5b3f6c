import { describe, expect, it } from 'vitest';
import {
  averageMonthlyIncome,
  operatingFigures,
  paybackMonths,
  percentChange,
  percentPerMonth,
  roiForPeriod,
  roiPerYear,
} from './calculations.ts';

// Figures worked by hand: a unit bought for 10 000 000 ₽ that earned 80 000, 0 and 100 000 ₽ in
// November 2025 – January 2026 (December empty but inside the span).
const incomes = [
  { yearMonth: 202511, amount: 80_000 },
  { yearMonth: 202601, amount: 100_000 },
];

describe('income calculations', () => {
  it('averages over every month of the span, empty months included', () => {
    expect(averageMonthlyIncome(incomes)).toBe(60_000); // 180 000 / 3
    expect(averageMonthlyIncome([])).toBe(0);
  });

  it('gives ROI per year and per month against the investment', () => {
    expect(roiPerYear(60_000, 10_000_000)).toBe(7.2); // 720 000 / 10 000 000
    expect(percentPerMonth(60_000, 10_000_000)).toBe(0.6);
    expect(roiPerYear(60_000, 0)).toBe(0);
  });

  it('gives ROI for a period', () => {
    expect(roiForPeriod(180_000, 10_000_000)).toBe(1.8);
  });

  it('pays back in whole months, rounding up', () => {
    expect(paybackMonths(10_000_000, 60_000)).toBe(167); // 166.67 → 167
    expect(paybackMonths(10_000_000, 0)).toBeNull();
  });

  it('compares with the previous month', () => {
    expect(percentChange(100_000, 80_000)).toBe(25);
    expect(percentChange(60_000, 80_000)).toBe(-25);
    expect(percentChange(60_000, 0)).toBeNull();
    expect(percentChange(60_000, undefined)).toBeNull();
  });

  it('gives OPEX as a percent of revenue and GOP with its percent', () => {
    // Revenue 1 000 000, expenses 350 000 → GOP 650 000, 65 %; OPEX 35 %.
    expect(operatingFigures(1_000_000, 350_000)).toEqual({
      gop: 650_000,
      gopPercent: 65,
      outcomePercent: 35,
    });
    expect(operatingFigures(0, 10)).toEqual({ gop: -10, gopPercent: 0, outcomePercent: 0 });
  });
});
