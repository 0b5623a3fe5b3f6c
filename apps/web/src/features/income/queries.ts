import type { IncomeActives, IncomeStatistics, InvestorIncome, LenderIncome } from '@portal/contract/finance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

type Role = 'INVESTOR' | 'LENDER';
const base = (role: Role) => (role === 'INVESTOR' ? 'investor-income' : 'lender-income');

export function useIncomeStatistics(role: Role, location: number | undefined) {
  return useQuery({
    queryKey: ['income-statistics', role, location],
    queryFn: () => api<IncomeStatistics>(`${base(role)}/statistics`, { query: { location } }),
    enabled: location !== undefined,
  });
}

export function useInvestorIncome(location: number | undefined, from: number, to: number, enabled: boolean) {
  return useQuery({
    queryKey: ['investor-income', location, from, to],
    queryFn: () =>
      api<InvestorIncome>('investor-income', { query: { location, yearMonthFrom: from, yearMonthTo: to } }),
    enabled: enabled && location !== undefined,
  });
}

export function useLenderIncome(location: number | undefined, from: number, to: number, enabled: boolean) {
  return useQuery({
    queryKey: ['lender-income', location, from, to],
    queryFn: () =>
      api<LenderIncome>('lender-income', { query: { location, yearMonthFrom: from, yearMonthTo: to } }),
    enabled: enabled && location !== undefined,
  });
}

export function useIncomeActives(role: Role, location: number | undefined, yearMonth: number) {
  return useQuery({
    queryKey: ['income-actives', role, location, yearMonth],
    queryFn: () => api<IncomeActives>(`${base(role)}/actives`, { query: { location, yearMonth } }),
    enabled: location !== undefined,
  });
}
