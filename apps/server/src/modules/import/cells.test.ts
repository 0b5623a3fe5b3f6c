import { describe, expect, it } from 'vitest';
import { bookingStatus, day, instant, month, readDecimal, roubles, writeCell } from './cells.ts';
import { delimiterOf } from './formats.ts';

/** Cells as Russian Excel and other systems write them, read into the portal's values and written back. */
describe('import cells', () => {
  it('reads numbers with a decimal comma or point and spaces between thousands', () => {
    expect(readDecimal('42 955,33')).toBe(42955.33);
    expect(readDecimal('42\u00a0955,33')).toBe(42955.33);
    expect(readDecimal('42\u202f955.33')).toBe(42955.33);
    expect(readDecimal('1.234.567,5')).toBe(1234567.5);
    expect(readDecimal('1,234,567.5')).toBe(1234567.5);
    expect(readDecimal('-50')).toBe(-50);
    expect(readDecimal('\u22125,5')).toBe(-5.5);
    expect(readDecimal('12 руб')).toBeNaN();
    expect(readDecimal('1,2,3.4,5')).toBeNaN();
    expect(roubles(0, 1e12).parse('42 955,33')).toBe(4_295_533);
  });

  it('reads days, times and months in Russian and ISO forms, refusing ones that are not on the calendar', () => {
    expect(day.parse('31.10.2026')).toBe('2026-10-31');
    expect(day.parse('1.2.2026')).toBe('2026-02-01');
    expect(day.parse('2026-10-31')).toBe('2026-10-31');
    expect(day.safeParse('31.02.2026').success).toBe(false);
    expect(day.safeParse('2026/10/31').success).toBe(false);
    expect(instant.parse('31.10.2026 14:00')).toBe('2026-10-31T14:00:00+03:00');
    expect(instant.parse('31.10.2026 14:00:30')).toBe('2026-10-31T14:00:30+03:00');
    expect(instant.parse('2026-10-31 09:05')).toBe('2026-10-31T09:05:00+03:00');
    expect(instant.parse('31.10.2026')).toBe('2026-10-31T00:00:00+03:00');
    expect(instant.parse('2026-10-31T14:00:00Z')).toBe('2026-10-31T14:00:00Z');
    expect(instant.safeParse('31.10.2026 25:00').success).toBe(false);
    expect(['2026-10', '10.2026', '202610', '01.10.2026', '2026-10-15'].map((m) => month.parse(m))).toEqual([
      202610, 202610, 202610, 202610, 202610,
    ]);
    expect(['окт.26', 'Октябрь 2026', 'май.27', 'мая 2027'].map((m) => month.parse(m))).toEqual([
      202610, 202610, 202705, 202705,
    ]);
    expect(month.safeParse('13.2026').success).toBe(false);
    expect(month.safeParse('окт').success).toBe(false);
    expect(month.safeParse('2026-13').success).toBe(false);
  });

  it('reads booking statuses in Russian and English words, whatever the case and ё', () => {
    const read = (word: string) => bookingStatus.parse(word);
    expect(['Новая', 'new'].map(read)).toEqual(['new', 'new']);
    expect(['Подтверждено', 'подтверждена', 'Confirmed'].map(read)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
    expect(['Заселён', 'ЗАСЕЛЕН', 'Заезд', 'CheckedIn', 'checked-in'].map(read)).toEqual(
      Array(5).fill('checkedin'),
    );
    expect(['Выселен', 'выезд', 'CheckedOut'].map(read)).toEqual(Array(3).fill('checkedout'));
    expect(['Отменено', 'Отменена', 'canceled', 'Cancelled'].map(read)).toEqual(Array(4).fill('cancelled'));
    expect(bookingStatus.safeParse('arrived').success).toBe(false);
  });

  it('takes the separator from the header line, outside its quotes', () => {
    expect(delimiterOf('userId;unitId;month;amount')).toBe(';');
    expect(delimiterOf('userId,unitId,month,amount')).toBe(',');
    expect(delimiterOf('"a;b;c",d,e')).toBe(',');
    expect(delimiterOf('"a,b,c,d";e;f')).toBe(';');
  });

  it('writes values as a spreadsheet of the language reads them', () => {
    expect(writeCell(4_295_533, 'money', 'ru')).toBe('42955,33');
    expect(writeCell(4_295_533, 'money', 'en')).toBe('42955.33');
    expect(writeCell('2026-10-31', 'date', 'ru')).toBe('31.10.2026');
    expect(writeCell(new Date('2026-10-31T11:00:00Z'), 'datetime', 'ru')).toBe('31.10.2026 14:00');
    expect(writeCell(new Date('2026-10-31T11:00:00Z'), 'datetime', 'en')).toBe('2026-10-31T14:00:00+03:00');
    expect(writeCell(202610, 'month', 'ru')).toBe('10.2026');
    expect(writeCell(false, 'boolean', 'ru')).toBe('нет');
    expect(writeCell(null, 'money', 'ru')).toBe('');
  });
});
