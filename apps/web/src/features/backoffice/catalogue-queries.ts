import type {
  BookingSourceBody,
  BookingSourceCreate,
  BookingSourceList,
  CatalogueLocationBody,
  CatalogueLocationList,
  CatalogueUnitBody,
  CatalogueUnitList,
  UnitList,
  UnitListItemBody,
  UnitPhotos,
} from '@portal/contract/backoffice-catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadWithProgress } from '../../shared/api/client';

/** The console's catalogue: locations, units with photos, unit types and stages, booking sources. */
export type UnitListKind = 'unit-types' | 'unit-stages';

export function useCatalogueLocations() {
  return useQuery({
    queryKey: ['backoffice', 'catalogue', 'locations'],
    queryFn: () => api<CatalogueLocationList>('backoffice/catalogue/locations'),
  });
}

export function useCatalogueUnits(locationId: number) {
  return useQuery({
    queryKey: ['backoffice', 'catalogue', 'units', locationId],
    queryFn: () => api<CatalogueUnitList>(`backoffice/catalogue/units?locationId=${locationId}`),
  });
}

export function useUnitList(kind: UnitListKind) {
  return useQuery({
    queryKey: ['backoffice', 'catalogue', kind],
    queryFn: () => api<UnitList>(`backoffice/catalogue/${kind}`),
  });
}

export function useBookingSources() {
  return useQuery({
    queryKey: ['backoffice', 'catalogue', 'booking-sources'],
    queryFn: () => api<BookingSourceList>('backoffice/catalogue/booking-sources'),
  });
}

/**
 * A change refreshes the catalogue's lists (and the console's selects of locations and units, under the same key)
 * and the audit trail.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        ['backoffice', 'catalogue'],
        ['backoffice', 'audit'],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useLocationSave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CatalogueLocationBody }) =>
      api<{ id: number }>(
        id === undefined ? 'backoffice/catalogue/locations' : `backoffice/catalogue/locations/${id}`,
        { method: id === undefined ? 'POST' : 'PUT', body },
      ),
    onSuccess: refresh,
  });
}

export function useUnitSave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CatalogueUnitBody }) =>
      api<{ id: number }>(
        id === undefined ? 'backoffice/catalogue/units' : `backoffice/catalogue/units/${id}`,
        {
          method: id === undefined ? 'POST' : 'PUT',
          body,
        },
      ),
    onSuccess: refresh,
  });
}

export function useUnitListSave(kind: UnitListKind) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: UnitListItemBody }) =>
      api<{ id: number }>(
        id === undefined ? `backoffice/catalogue/${kind}` : `backoffice/catalogue/${kind}/${id}`,
        {
          method: id === undefined ? 'POST' : 'PUT',
          body,
        },
      ),
    onSuccess: refresh,
  });
}

export function useBookingSourceSave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { create: BookingSourceCreate } | { id: number; body: BookingSourceBody }) =>
      'create' in input
        ? api<{ id: number }>('backoffice/catalogue/booking-sources', { method: 'POST', body: input.create })
        : api<{ id: number }>(`backoffice/catalogue/booking-sources/${input.id}`, {
            method: 'PUT',
            body: input.body,
          }),
    onSuccess: refresh,
  });
}

export function useUnitPhotoMutations(unitId: number) {
  const refresh = useRefresh();
  const path = `backoffice/catalogue/units/${unitId}/photos`;
  return {
    upload: useMutation({
      mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
        const form = new FormData();
        form.append('file', file);
        return uploadWithProgress<UnitPhotos>(path, form, onProgress);
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (url: string) => api<UnitPhotos>(path, { method: 'DELETE', query: { url } }),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: (urls: string[]) => api<UnitPhotos>(path, { method: 'PUT', body: { urls } }),
      onSuccess: refresh,
    }),
  };
}
