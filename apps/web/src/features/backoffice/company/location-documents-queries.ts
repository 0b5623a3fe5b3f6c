import type { StaffLocationDocumentBody } from '@portal/contract/backoffice-location-documents';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, upload } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRefresh } from '../queries';

/** The console's documents of the locations; a change refreshes the list and the owners' documents in this browser. */

export function useLocationDocuments(locationId: number | null) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/location-documents', locationId),
    queryFn: () =>
      call('GET /backoffice/location-documents', { query: locationId === null ? {} : { locationId } }),
  });
}

export function useLocationDocumentMutations() {
  const refresh = useRefresh('GET /backoffice/location-documents', 'GET /location-document/get-all');
  return {
    upload: useMutation({
      mutationFn: ({
        fields,
        file,
        onProgress,
      }: {
        fields: Record<string, string>;
        file: File;
        onProgress: (percent: number) => void;
      }) => {
        // Text fields first: the server reads them before the file.
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('file', file, file.name);
        return upload('POST /backoffice/location-documents', undefined, form, onProgress);
      },
      onSuccess: refresh,
    }),
    replaceFile: useMutation({
      mutationFn: ({
        id,
        file,
        onProgress,
      }: {
        id: number;
        file: File;
        onProgress: (percent: number) => void;
      }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return upload('POST /backoffice/location-documents/:id/file', { id }, form, onProgress);
      },
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: StaffLocationDocumentBody }) =>
        call('PUT /backoffice/location-documents/:id', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('DELETE /backoffice/location-documents/:id', { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
