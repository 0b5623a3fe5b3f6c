import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { queryKeyOf } from '../../shared/api/query-key';

export function useLocationInspections(locationId: number | undefined) {
  return useQuery({
    queryKey: queryKeyOf('GET /check-office/get-location-inspections', locationId),
    queryFn: () => call('GET /check-office/get-location-inspections', { query: { locationId } }),
    enabled: locationId !== undefined,
  });
}

/** The location is part of the key: changing location reloads the inspection (spec: Screens and routes). */
export function useInspection(inspectionId: number, locationId: number | undefined) {
  return useQuery({
    queryKey: queryKeyOf('GET /check-office/get-inspection', inspectionId, locationId),
    queryFn: () => call('GET /check-office/get-inspection', { query: { inspectionId } }),
    enabled: Number.isSafeInteger(inspectionId) && inspectionId > 0,
    retry: false,
  });
}
