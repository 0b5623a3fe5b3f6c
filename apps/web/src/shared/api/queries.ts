import type { DataProfile, UserLocationsResponse, UserUnitsResponse } from '@portal/contract/account';
import { useQuery } from '@tanstack/react-query';
import { storage } from '../storage';
import { api } from './client';

/** Queries of the shared layout; every page of the signed-in area reads them. */
export const queryKeys = {
  profile: ['profile'] as const,
  locations: ['locations'] as const,
  units: ['units'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: () => api<DataProfile>('users/data-profile'),
    enabled: Boolean(storage.token()),
  });
}

export function useUserLocations() {
  return useQuery({
    queryKey: queryKeys.locations,
    queryFn: () => api<UserLocationsResponse>('users/locations'),
    enabled: Boolean(storage.token()),
  });
}

export function useUserUnits() {
  return useQuery({
    queryKey: queryKeys.units,
    queryFn: () => api<UserUnitsResponse>('users/actives'),
    enabled: Boolean(storage.token()),
  });
}
