import type { StaffLotBody } from '@portal/contract/backoffice-lots';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, upload } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRefresh } from '../queries';

/**
 * The console's company content: cameras, the financial report, lots and inventory photos. A change refreshes the
 * console's list and what owners see of it in this browser.
 */

type Upload = { file: File; onProgress: (percent: number) => void; fields?: Record<string, string> };

/** Text fields first: the server reads them before the file. */
function formOf({ file, fields = {} }: Upload) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
}

export function useStaffCameras(locationId: number | null) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/cameras', locationId),
    queryFn: () => call('GET /backoffice/cameras', { query: { locationId: locationId ?? 0 } }),
    enabled: locationId !== null,
  });
}

export function useCameraMutations(locationId: number | null) {
  const refresh = useRefresh('GET /backoffice/cameras', 'GET /investor/cameras');
  return {
    stream: useMutation({
      mutationFn: (streamUrl: string) =>
        call('PUT /backoffice/cameras/:locationId/stream', {
          params: { locationId: locationId ?? 0 },
          body: { streamUrl },
        }),
      onSuccess: refresh,
    }),
    add: useMutation({
      mutationFn: (input: Upload) =>
        upload(
          'POST /backoffice/cameras/:locationId/views',
          { locationId: locationId ?? 0 },
          formOf(input),
          input.onProgress,
        ),
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, title, titleEn }: { id: number; title: string; titleEn: string }) =>
        call('PUT /backoffice/cameras/views/:id', { params: { id }, body: { title, titleEn } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('DELETE /backoffice/cameras/views/:id', { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

export function useStaffFinancialReport() {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/financial-report'),
    queryFn: () => call('GET /backoffice/financial-report'),
  });
}

export function useFinancialReportMutations() {
  const refresh = useRefresh('GET /backoffice/financial-report', 'GET /financial-report');
  return {
    upload: useMutation({
      mutationFn: (input: Upload) =>
        upload('POST /backoffice/financial-report', undefined, formOf(input), input.onProgress),
      onSuccess: refresh,
    }),
    withdraw: useMutation({
      mutationFn: () => call('DELETE /backoffice/financial-report'),
      onSuccess: refresh,
    }),
  };
}

export function useStaffLots() {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/lots'),
    queryFn: () => call('GET /backoffice/lots'),
  });
}

export function useLotMutations() {
  const refresh = useRefresh('GET /backoffice/lots', 'GET /sale-unit/get-sale-units');
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: StaffLotBody }) =>
        id === undefined
          ? call('POST /backoffice/lots', { body })
          : call('PUT /backoffice/lots/:id', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('DELETE /backoffice/lots/:id', { params: { id } }),
      onSuccess: refresh,
    }),
    addPhoto: useMutation({
      mutationFn: (input: Upload & { lotId: number }) =>
        upload('POST /backoffice/lots/:id/photos', { id: input.lotId }, formOf(input), input.onProgress),
      onSuccess: refresh,
    }),
    removePhoto: useMutation({
      mutationFn: ({ lotId, photoId }: { lotId: number; photoId: number }) =>
        call('DELETE /backoffice/lots/:id/photos/:photoId', { params: { id: lotId, photoId } }),
      onSuccess: refresh,
    }),
  };
}

export function useStaffInventory(unitId: number | null) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/inventory', unitId),
    queryFn: () => call('GET /backoffice/inventory', { query: { unitId: unitId ?? 0 } }),
    enabled: unitId !== null,
  });
}

export function useInventoryPhotoMutations() {
  const refresh = useRefresh('GET /backoffice/inventory', 'GET /id-logic/item/images');
  return {
    add: useMutation({
      mutationFn: (input: Upload & { itemId: number }) =>
        upload(
          'POST /backoffice/inventory/items/:id/photos',
          { id: input.itemId },
          formOf(input),
          input.onProgress,
        ),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: ({ itemId, photoId }: { itemId: number; photoId: number }) =>
        call('DELETE /backoffice/inventory/items/:id/photos/:photoId', { params: { id: itemId, photoId } }),
      onSuccess: refresh,
    }),
  };
}
