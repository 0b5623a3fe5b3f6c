import type { BookingStatistic } from '@portal/contract/bookings';
import { describe, expect, it } from 'vitest';
import { summaryBlocks } from './summary-blocks';

const statistics = (over: Partial<BookingStatistic> = {}): BookingStatistic => ({
  countOfUnits: 4,
  loadToday: { countOfUnits: 0, percentOfUnits: 0 },
  income: { thisMonth: 0, lastMonth: 0 },
  guestsToday: { '1': 0, '2': 0, '3': 0 },
  unitsStatus: { '0': 4 },
  averageRoomPrice: { thisMonth: 0, lastMonth: 0 },
  ...over,
});

describe('the bookings page summary blocks', () => {
  it("follow the location's data whatever its id", () => {
    expect(summaryBlocks(statistics({ income: { thisMonth: 0, lastMonth: 120_000 } }))).toEqual({
      load: true,
      summary: true,
    });
    expect(summaryBlocks(statistics({ loadToday: { countOfUnits: 1, percentOfUnits: 25 } }))).toEqual({
      load: true,
      summary: true,
    });
  });

  it('show only the load where units have no bookings yet, nothing where there are no units', () => {
    expect(summaryBlocks(statistics())).toEqual({ load: true, summary: false });
    expect(summaryBlocks(statistics({ countOfUnits: 0 }))).toEqual({ load: false, summary: false });
    expect(summaryBlocks(undefined)).toEqual({ load: false, summary: false });
  });
});
