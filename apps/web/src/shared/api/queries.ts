import { queryOptions, useQuery } from '@tanstack/react-query';
import { storage } from '../storage';
import { call } from './client';
import { queryKeyOf } from './query-key';

/** Queries of the shared layout; every page of the signed-in area reads them. */
export const queryKeys = {
  profile: queryKeyOf('GET /users/data-profile'),
  locations: queryKeyOf('GET /users/locations'),
  units: queryKeyOf('GET /users/actives'),
};

/** The layout's calls, as options shared by its hooks and the signed-in routes' loaders (which start them early). */
export const layoutQueries = {
  profile: queryOptions({
    queryKey: queryKeys.profile,
    queryFn: () => call('GET /users/data-profile'),
  }),
  locations: queryOptions({
    queryKey: queryKeys.locations,
    queryFn: () => call('GET /users/locations'),
  }),
  units: queryOptions({ queryKey: queryKeys.units, queryFn: () => call('GET /users/actives') }),
  /** The requests still open (open-requests.ts), which the pages' request buttons read. */
  openRequests: queryOptions({
    queryKey: queryKeyOf('GET /users/open-requests'),
    queryFn: () => call('GET /users/open-requests'),
  }),
};

export function useProfile() {
  return useQuery({ ...layoutQueries.profile, enabled: Boolean(storage.token()) });
}

export function useUserLocations() {
  return useQuery({ ...layoutQueries.locations, enabled: Boolean(storage.token()) });
}

export function useUserUnits() {
  return useQuery({ ...layoutQueries.units, enabled: Boolean(storage.token()) });
}
