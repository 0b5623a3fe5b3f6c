import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

/** The income-outcome pages' read: a location part's month (rooms: main, outbuildings: periphery). */
export const outcomeQueries = {
  month: (part: 'main' | 'periphery', location: number, year: number, month: number) => {
    const route = part === 'main' ? 'GET /adesk' : 'GET /adesk-periphery';
    return queryOptions({
      queryKey: queryKeyOf(route, location, year, month),
      queryFn: () => call(route, { query: { locationId: location, year, month } }),
    });
  },
};
