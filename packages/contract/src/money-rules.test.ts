import { describe, expect, it } from 'vitest';
import {
  annualYield,
  availableHours,
  averageMonthlyIncome,
  averagePrice,
  monthlyYield,
  occupancy,
  operatingFigures,
  paybackMonths,
  percentChange,
  roiForPeriod,
} from './money-rules.ts';

// Figures worked by hand: a unit bought for 10 000 000 ₽ that earned 80 000, 0 and 100 000 ₽ in
// November 2025 – January 2026 (December empty but inside the span).
const span = { total: 180_000, first: 202511, last: 202601 };

describe('average monthly income', () => {
  it('averages over every month of the span, empty months included', () => {
    expect(averageMonthlyIncome(span)).toBe(60_000); // 180 000 / 3
    expect(averageMonthlyIncome({ total: 100_000, first: 202603, last: 202603 })).toBe(100_000);
    // Over the year end and a leap February alike: months count, not days.
    expect(averageMonthlyIncome({ total: 1_200_000, first: 202401, last: 202412 })).toBe(100_000);
  });

  it('is 0 while there is no income', () => {
    expect(averageMonthlyIncome({ total: 0, first: null, last: null })).toBe(0);
  });
});

describe('annual yield (ROI per year)', () => {
  it('is 12 × average monthly income / invested sum × 100, two decimals (the sell dialog)', () => {
    expect(annualYield(100_000, 10_000_000)).toBe(12);
    expect(annualYield(60_000, 10_000_000)).toBe(7.2); // 720 000 / 10 000 000
    expect(annualYield(98_765.43, 9_800_000)).toBe(12.09); // 12.0937…
    expect(annualYield(123_456, 9_876_543)).toBe(15); // 14.99999…
    expect(annualYield(1, 3)).toBe(400);
  });

  it('is the same in kopecks as in rubles', () => {
    expect(annualYield(9_876_543, 987_600_000)).toBe(annualYield(98_765.43, 9_876_000));
  });

  it('is 0 when nothing was invested', () => {
    expect(annualYield(50_000, 0)).toBe(0);
    expect(annualYield(60_000, Number.NaN)).toBe(0);
  });
});

describe('monthly yield and ROI for a period', () => {
  it('sets one average month, or the income of a period, against the invested sum', () => {
    expect(monthlyYield(60_000, 10_000_000)).toBe(0.6);
    expect(roiForPeriod(180_000, 10_000_000)).toBe(1.8);
    expect(roiForPeriod(0, 10_000_000)).toBe(0);
    expect(monthlyYield(60_000, 0)).toBe(0);
    expect(roiForPeriod(180_000, 0)).toBe(0);
  });
});

describe('payback', () => {
  it('is the whole months that return the investment, rounded up', () => {
    // The spec's average payback of about 42 months: 4 200 000 ₽ returned by 100 000 ₽ a month.
    expect(paybackMonths(4_200_000, 100_000)).toBe(42);
    expect(paybackMonths(10_000_000, 60_000)).toBe(167); // 166.67 → 167
  });

  it('is unknown while there is no income or no investment', () => {
    expect(paybackMonths(10_000_000, 0)).toBeNull();
    expect(paybackMonths(0, 60_000)).toBeNull();
  });
});

describe('change against the previous month', () => {
  it('is a percent of the previous value', () => {
    expect(percentChange(100_000, 80_000)).toBe(25);
    expect(percentChange(60_000, 80_000)).toBe(-25);
    expect(percentChange(1, 3)).toBe(-66.67);
  });

  it('is unknown without a previous value', () => {
    expect(percentChange(60_000, 0)).toBeNull();
    expect(percentChange(60_000, undefined)).toBeNull();
    expect(percentChange(60_000, null)).toBeNull();
  });
});

describe('OPEX and GOP', () => {
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

describe('occupancy', () => {
  it('counts every hour of a room and the open hours of an outbuilding', () => {
    expect(availableHours('main', 202611)).toBe(720);
    expect(availableHours('main', 202402)).toBe(696); // a leap February
    expect(availableHours('periphery', 202612)).toBe(372);
    expect(availableHours('periphery', 202602)).toBe(336);
  });

  it('averages the booked share of each unit, at most all of its time', () => {
    const hours = availableHours('main', 202611);
    // One room booked 15 of 30 nights, another the whole month and more (capped): 75 %.
    expect(
      occupancy([
        { booked: 15 * 24, available: hours },
        { booked: hours + 48, available: hours },
      ]),
    ).toBe(75);
    expect(occupancy([{ booked: 10, available: 30 }])).toBe(33.33);
    expect(occupancy([])).toBe(0);
  });

  it("gives today's load as the share of units taken", () => {
    const load = (taken: boolean[]) => occupancy(taken.map((t) => ({ booked: t ? 1 : 0, available: 1 })));
    expect(load([true, false, false])).toBe(33.33);
    expect(load([true, true, false, false])).toBe(50);
    expect(load([])).toBe(0);
  });
});

describe('average price', () => {
  const day = 86_400_000;
  it('divides the revenue by the nights of rooms sold, each stay at least one', () => {
    expect(
      averagePrice(
        [
          { amount: 3_000_000, startMs: 0, endMs: 3 * day }, // three nights
          { amount: 1_500_000, startMs: 0, endMs: 2 * 3_600_000 }, // a short stay counts as one night
        ],
        'main',
      ),
    ).toBe(1_125_000);
  });

  it('divides by the hours for outbuildings, rounding to a whole kopeck', () => {
    expect(averagePrice([{ amount: 1_000_000, startMs: 0, endMs: 3 * 3_600_000 }], 'periphery')).toBe(
      333_333,
    );
    expect(averagePrice([], 'periphery')).toBe(0);
  });
});
