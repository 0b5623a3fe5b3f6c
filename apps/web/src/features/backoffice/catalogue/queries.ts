import type {
  BookingSourceBody,
  BookingSourceCreate,
  CatalogueLocationBody,
  CatalogueUnitBody,
  UnitListItemBody,
} from '@portal/contract/backoffice-catalogue';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, upload } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { CATALOGUE_CALLS, useRefresh as useRefreshOf } from '../queries';

/** The console's catalogue: locations, units with photos, unit types and stages, booking sources. */
export type UnitListKind = 'unit-types' | 'unit-stages';

export function useCatalogueLocations() {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/catalogue/locations'),
    queryFn: () => call('GET /backoffice/catalogue/locations'),
  });
}

export function useCatalogueUnits(locationId: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/catalogue/units', locationId),
    queryFn: () => call('GET /backoffice/catalogue/units', { query: { locationId } }),
  });
}

export function useUnitList(kind: UnitListKind) {
  return useQuery({
    queryKey: queryKeyOf(`GET /backoffice/catalogue/${kind}`),
    queryFn: () =>
      kind === 'unit-types'
        ? call('GET /backoffice/catalogue/unit-types')
        : call('GET /backoffice/catalogue/unit-stages'),
  });
}

export function useBookingSources() {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/catalogue/booking-sources'),
    queryFn: () => call('GET /backoffice/catalogue/booking-sources'),
  });
}

/** A change refreshes the catalogue's lists and the console's selects of locations and units. */
const useRefresh = () => useRefreshOf(...CATALOGUE_CALLS);

export function useLocationSave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CatalogueLocationBody }) =>
      id === undefined
        ? call('POST /backoffice/catalogue/locations', { body })
        : call('PUT /backoffice/catalogue/locations/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useUnitSave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CatalogueUnitBody }) =>
      id === undefined
        ? call('POST /backoffice/catalogue/units', { body })
        : call('PUT /backoffice/catalogue/units/:id', { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** A new item of a unit list (no id) or a renamed one. */
function saveUnitListItem(kind: UnitListKind, id: number | undefined, body: UnitListItemBody) {
  if (kind === 'unit-types') {
    return id === undefined
      ? call('POST /backoffice/catalogue/unit-types', { body })
      : call('PUT /backoffice/catalogue/unit-types/:id', { params: { id }, body });
  }
  return id === undefined
    ? call('POST /backoffice/catalogue/unit-stages', { body })
    : call('PUT /backoffice/catalogue/unit-stages/:id', { params: { id }, body });
}

export function useUnitListSave(kind: UnitListKind) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: UnitListItemBody }) => saveUnitListItem(kind, id, body),
    onSuccess: refresh,
  });
}

export function useBookingSourceSave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { create: BookingSourceCreate } | { id: number; body: BookingSourceBody }) =>
      'create' in input
        ? call('POST /backoffice/catalogue/booking-sources', { body: input.create })
        : call('PUT /backoffice/catalogue/booking-sources/:id', {
            params: { id: input.id },
            body: input.body,
          }),
    onSuccess: refresh,
  });
}

export function useUnitPhotoMutations(unitId: number) {
  const refresh = useRefresh();
  return {
    upload: useMutation({
      mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
        const form = new FormData();
        form.append('file', file);
        return upload('POST /backoffice/catalogue/units/:id/photos', { id: unitId }, form, onProgress);
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (url: string) =>
        call('DELETE /backoffice/catalogue/units/:id/photos', { params: { id: unitId }, query: { url } }),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: (urls: string[]) =>
        call('PUT /backoffice/catalogue/units/:id/photos', { params: { id: unitId }, body: { urls } }),
      onSuccess: refresh,
    }),
  };
}
