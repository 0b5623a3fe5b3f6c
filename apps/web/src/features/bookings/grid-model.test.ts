import type { Booking, BookingStatus, BookingsResponse } from '@portal/contract/bookings';
import { describe, expect, it } from 'vitest';
import { buildColumns, buildGrid, displayStatus, unitCells } from './grid-model';

/** A stay in Moscow time: check-in at 14:00, check-out at 12:00. */
const stay = (
  id: number,
  from: string,
  to: string,
  status: BookingStatus = 'checkedout',
  source = 3,
): Booking => ({
  id,
  startDateTime: new Date(`${from}T14:00:00+03:00`).toISOString(),
  endDateTime: new Date(`${to}T12:00:00+03:00`).toISOString(),
  status,
  guestAmount: 2,
  source: { id: source, name: 'Сайт', nameEn: 'Website', type: 'web' },
  paid: 10_000,
  sum: 10_000,
});
const window = (from: string, to: string) =>
  [Date.parse(`${from}T00:00:00+03:00`), Date.parse(`${to}T00:00:00+03:00`)] as const;
const now = Date.parse('2026-11-03T10:00:00+03:00');

describe('booking grid cells', () => {
  const [start, end] = window('2026-11-01', '2026-11-08');
  const columns = buildColumns(start, end, 'day', now);

  it('has a column per Moscow day with weekends and today marked', () => {
    expect(columns.map((c) => c.date)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(columns.filter((c) => c.isWeekend).map((c) => c.date)).toEqual(['2026-11-01', '2026-11-07']);
    expect(columns.find((c) => c.isToday)?.date).toBe('2026-11-03');
  });

  it('marks the first and last day of a stay and a changeover day as borderline', () => {
    const cells = unitCells(
      [stay(1, '2026-11-01', '2026-11-03'), stay(2, '2026-11-03', '2026-11-05', 'new')],
      [],
      columns,
      'day',
    );
    expect(cells.get(0)).toMatchObject({ status: 'checkedout', isStart: true, isEnd: false });
    expect(cells.get(1)).toMatchObject({ isStart: false, isEnd: false, count: 1 });
    expect(cells.get(2)).toMatchObject({ isBorderline: true, isMany: false, count: 2 });
    expect(cells.get(4)).toMatchObject({ status: 'new', isEnd: true });
    expect(cells.has(5)).toBe(false);
  });

  it("shows 'checkedin' as new, a repair as repair and both together as both", () => {
    expect(displayStatus('checkedin')).toBe('new');
    expect(displayStatus('confirmed')).toBe('confirmed');
    const repair = {
      startDateTime: new Date('2026-11-04T12:00:00+03:00').toISOString(),
      endDateTime: new Date('2026-11-06T12:00:00+03:00').toISOString(),
      description: 'Ремонт',
    };
    const cells = unitCells([stay(1, '2026-11-02', '2026-11-05', 'checkedin')], [repair], columns, 'day');
    expect(cells.get(1)?.status).toBe('new');
    expect(cells.get(3)).toMatchObject({ status: 'both', isMany: true, count: 2 });
    expect(cells.get(5)?.status).toBe('repair');
  });

  it('counts free units a night, leaves cancelled stays out and filters by source', () => {
    const response: BookingsResponse = {
      startDate: new Date(start).toISOString(),
      endDate: new Date(end).toISOString(),
      groups: [
        {
          name: 'Стандарт',
          nameEn: 'Standard',
          units: [
            {
              id: 1,
              name: 'Стандарт №1',
              nameEn: 'Standard No. 1',
              unitNumber: '1101',
              isOwn: true,
              bookings: [stay(1, '2026-11-01', '2026-11-03')],
              repairs: [],
            },
            {
              id: 2,
              name: 'Стандарт №2',
              nameEn: 'Standard No. 2',
              unitNumber: '1102',
              isOwn: false,
              bookings: [
                stay(2, '2026-11-02', '2026-11-04', 'cancelled'),
                stay(3, '2026-11-05', '2026-11-06', 'new', 1),
              ],
              repairs: [],
            },
          ],
        },
      ],
    };
    const [group] = buildGrid(response, columns, 'day', null);
    // Nights of 1 and 2 November: unit 1 taken; the check-out day 3 November is free again.
    expect(group?.free).toEqual([1, 1, 2, 2, 1, 2, 2]);
    const [onlyWeb] = buildGrid(response, columns, 'day', new Set([3]));
    expect(onlyWeb?.free).toEqual([1, 1, 2, 2, 2, 2, 2]);
  });

  it('books outbuildings by the hour', () => {
    const [hStart, hEnd] = window('2026-11-02', '2026-11-03');
    const hours = buildColumns(hStart, hEnd, 'hour', now);
    expect(hours).toHaveLength(24);
    const session: Booking = {
      ...stay(9, '2026-11-02', '2026-11-02'),
      startDateTime: new Date('2026-11-02T15:00:00+03:00').toISOString(),
      endDateTime: new Date('2026-11-02T18:00:00+03:00').toISOString(),
    };
    const cells = unitCells([session], [], hours, 'hour');
    expect([...cells.keys()]).toEqual([15, 16, 17]);
    expect(cells.get(15)?.isStart).toBe(true);
    expect(cells.get(17)?.isEnd).toBe(true);
  });
});
