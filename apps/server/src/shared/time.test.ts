import { describe, expect, it } from 'vitest';
import { addDays, formatDay, moscowDate, moscowInstant, parseYearMonth } from './time.ts';

describe('Moscow calendar days', () => {
  it('reads a month as import files write it', () => {
    expect(parseYearMonth('2026-03')).toBe(202603);
  });

  it('takes the day of an instant in Moscow (UTC+3), not in UTC', () => {
    // 21:30 UTC on 31 December is already 00:30 on 1 January in Moscow.
    expect(moscowDate(new Date('2025-12-31T21:30:00Z'))).toBe('2026-01-01');
    expect(moscowDate(new Date('2025-12-31T20:59:59Z'))).toBe('2025-12-31');
  });

  it('turns a Moscow wall-clock time into its instant', () => {
    expect(moscowInstant('2026-01-01').toISOString()).toBe('2025-12-31T21:00:00.000Z');
    expect(moscowInstant('2026-03-10', 12).toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(moscowDate(moscowInstant('2026-03-10'))).toBe('2026-03-10');
  });

  it('adds days to a calendar date', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('days in server-made texts', () => {
  it('writes Russian days in digits and English ones with the month named', () => {
    expect(formatDay('2024-02-01', 'ru')).toBe('01.02.2024');
    expect(formatDay('2024-02-01', 'en')).toBe('1 Feb 2024');
    expect(formatDay('2024-09-30', 'en')).toBe('30 Sep 2024');
  });
});
