import type { DashboardActualData, IncomeStatistics, LocationInfo } from '@portal/contract/finance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export function useLocationInfo(location: number | undefined) {
  return useQuery({
    queryKey: ['location-info', location],
    queryFn: () => api<LocationInfo>('dashboard/location-info', { query: { location } }),
    enabled: location !== undefined,
  });
}

export function useDashboardStatistics(location: number | undefined) {
  return useQuery({
    queryKey: ['dashboard-statistics', location],
    queryFn: () =>
      api<
        Pick<IncomeStatistics, 'invested' | 'totalIncome' | 'averagePercentForYear' | 'averageMonthlyIncome'>
      >('dashboard/statistics', { query: { location } }),
    enabled: location !== undefined,
  });
}

export function useActualData(location: number | undefined, yearMonth: number | undefined) {
  return useQuery({
    queryKey: ['actual-data', location, yearMonth],
    queryFn: () => api<DashboardActualData>('dashboard/actual-data', { query: { location, yearMonth } }),
    enabled: location !== undefined,
    placeholderData: (previous) => previous,
  });
}

export function useOccupancyGraph(location: number | undefined, startDate: string, endDate: string) {
  return useQuery({
    queryKey: ['dashboard-graph', location, startDate, endDate],
    queryFn: () =>
      api<{ points: Array<{ date: string; bookingAmount: number }> }>('dashboard/graph', {
        query: { location, startDate, endDate },
      }),
    enabled: location !== undefined,
  });
}
