import { describe, expect, it } from 'vitest';
import { formatRubles, toKopecks, toRubles } from './money.ts';

describe('money', () => {
  it('turns rubles with up to two decimals into whole kopecks', () => {
    expect(toKopecks(1_845_300)).toBe(184_530_000);
    expect(toKopecks(0.29)).toBe(29); // 0.29 * 100 is 28.999…
    expect(toKopecks(19.99)).toBe(1999);
    expect(toKopecks(0)).toBe(0);
  });

  it('turns kopecks, sums and averages into rubles with two decimals at most', () => {
    expect(toRubles(184_530_000)).toBe(1_845_300);
    expect(toRubles(1999)).toBe(19.99);
    expect(toRubles(1234.5)).toBe(12.35);
    expect(toRubles(-250)).toBe(-2.5);
    expect(toRubles(null)).toBeNull();
  });

  it('round-trips every kopeck amount', () => {
    for (const kopecks of [1, 7, 10, 99, 101, 12_345, 100_000_000_00]) {
      expect(toKopecks(toRubles(kopecks))).toBe(kopecks);
    }
  });

  it('formats rubles as the spec shows them, each language with its own grouping and decimal mark', () => {
    expect(formatRubles(1_845_300)).toBe('1 845 300,00 ₽');
    expect(formatRubles(1_845_300, 'en')).toBe('1,845,300.00 ₽');
    expect(formatRubles(219_702.72, 'en')).toBe('219,702.72 ₽');
  });
});
