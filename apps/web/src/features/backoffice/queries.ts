import type { BackofficeCatalogue } from '@portal/contract/backoffice';
import type { ApiKey } from '@portal/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { isQueryOf, queryKeyOf } from '../../shared/api/query-key';

/** Rows of a page of the console's paged lists (requests, clients, the audit trail). */
export const PAGE_SIZE = 20;

export function useBackofficeMe() {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/me'),
    queryFn: () => call('GET /backoffice/me'),
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });
}

/** Names of the console's selects: locations, units and managers, in the console's language. */
export function useCatalogue() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/catalogue'),
    queryFn: () => call('GET /backoffice/catalogue'),
    staleTime: 5 * 60_000,
    select: (data) => (en ? catalogueInEnglish(data) : data),
  });
}

/** The catalogue with its English names as the names (the Russian one where no English name is given). */
export function catalogueInEnglish(data: BackofficeCatalogue): BackofficeCatalogue {
  const english = <T extends { name: string; nameEn: string }>(row: T): T => ({
    ...row,
    name: row.nameEn || row.name,
  });
  return {
    managers: data.managers.map(english),
    locations: data.locations.map(english),
    units: data.units.map(english),
  };
}

/** The catalogue's calls: a change of a location, a unit or a list refreshes them all, the selects' names too. */
export const CATALOGUE_CALLS: ApiKey[] = [
  'GET /backoffice/catalogue',
  'GET /backoffice/catalogue/locations',
  'GET /backoffice/catalogue/units',
  'GET /backoffice/catalogue/unit-types',
  'GET /backoffice/catalogue/unit-stages',
  'GET /backoffice/catalogue/booking-sources',
];

/** The audit trail's call: every change in the console lands there. */
export const AUDIT_CALL = 'GET /backoffice/audit' satisfies ApiKey;

/**
 * After a change: the answers of the calls that show it are read again, the audit trail's among them, since every
 * change in the console lands there too.
 */
export function useRefresh(...calls: ApiKey[]) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => isQueryOf(query.queryKey, ...calls, AUDIT_CALL),
    });
}
