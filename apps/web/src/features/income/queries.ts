import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

type Role = 'INVESTOR' | 'LENDER';

/** Each role's calls of the page: the same shapes of request, its own routes and answers. */
export const incomeRoutes = {
  INVESTOR: {
    statistics: 'GET /investor-income/statistics',
    income: 'GET /investor-income',
    actives: 'GET /investor-income/actives',
    firstScreen: 'GET /investor-income/first-screen',
  },
  LENDER: {
    statistics: 'GET /lender-income/statistics',
    income: 'GET /lender-income',
    actives: 'GET /lender-income/actives',
    firstScreen: 'GET /lender-income/first-screen',
  },
} as const;

/** The income page's calls (investor and lender variants), as options shared by its hooks. */
export const incomeQueries = {
  statistics: (role: Role, location: number) => {
    const route = incomeRoutes[role].statistics;
    return queryOptions({
      queryKey: queryKeyOf(route, location),
      queryFn: () => call(route, { query: { location } }),
    });
  },
  investorIncome: (location: number, from: number, to: number) =>
    queryOptions({
      queryKey: queryKeyOf('GET /investor-income', location, from, to),
      queryFn: () =>
        call('GET /investor-income', { query: { location, yearMonthFrom: from, yearMonthTo: to } }),
    }),
  lenderIncome: (location: number, from: number, to: number) =>
    queryOptions({
      queryKey: queryKeyOf('GET /lender-income', location, from, to),
      queryFn: () =>
        call('GET /lender-income', { query: { location, yearMonthFrom: from, yearMonthTo: to } }),
    }),
  actives: (role: Role, location: number, yearMonth: number) => {
    const route = incomeRoutes[role].actives;
    return queryOptions({
      queryKey: queryKeyOf(route, location, yearMonth),
      queryFn: () => call(route, { query: { location, yearMonth } }),
    });
  },
  capitalization: (unitId: number) =>
    queryOptions({
      queryKey: queryKeyOf('GET /investor-income/unit-capitalization-graphic', unitId),
      queryFn: () => call('GET /investor-income/unit-capitalization-graphic', { query: { unitId } }),
    }),
};

// Disabled until the location is known; the key then names it (0 never reaches the server).
export function useIncomeStatistics(role: Role, location: number | undefined) {
  return useQuery({ ...incomeQueries.statistics(role, location ?? 0), enabled: location !== undefined });
}

export function useInvestorIncome(location: number | undefined, from: number, to: number, enabled: boolean) {
  return useQuery({
    ...incomeQueries.investorIncome(location ?? 0, from, to),
    enabled: enabled && location !== undefined,
  });
}

export function useLenderIncome(location: number | undefined, from: number, to: number, enabled: boolean) {
  return useQuery({
    ...incomeQueries.lenderIncome(location ?? 0, from, to),
    enabled: enabled && location !== undefined,
  });
}

export function useIncomeActives(role: Role, location: number | undefined, yearMonth: number) {
  return useQuery({
    ...incomeQueries.actives(role, location ?? 0, yearMonth),
    enabled: location !== undefined,
  });
}

/** One owned unit's capitalization by stage; a unit without capitalization data answers 404 (no retry). */
export function useCapitalizationGraphic(unitId: number | undefined) {
  return useQuery({
    ...incomeQueries.capitalization(unitId ?? 0),
    enabled: unitId !== undefined,
    retry: false,
  });
}
