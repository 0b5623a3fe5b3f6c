import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

/** The income-outcome pages' read: a location part's month (rooms: main, outbuildings: periphery). */
export const outcomeQueries = {
  month: (part: 'main' | 'periphery', location: number, year: number, month: number) =>
    queryOptions({
      queryKey: ['outcome', part, location, year, month],
      queryFn: () => {
        const query = { locationId: location, year, month };
        return part === 'main' ? call('GET /adesk', { query }) : call('GET /adesk-periphery', { query });
      },
    }),
};
