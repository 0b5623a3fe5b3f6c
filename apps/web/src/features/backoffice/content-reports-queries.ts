import type { StaffReportBody, StaffReportList, StaffReportMedia } from '@portal/contract/backoffice-reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadWithProgress } from '../../shared/api/client';

export function useStaffReports(locationId: number | null, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'reports', locationId, page],
    queryFn: () => api<StaffReportList>(`backoffice/reports?locationId=${locationId}&page=${page}`),
    enabled: locationId !== null,
    placeholderData: keepPreviousData,
  });
}

/** A change refreshes the console's list, its audit trail and the owners' report pages in this browser. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['backoffice', 'reports'], ['backoffice', 'audit'], ['reports']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useReportMutations() {
  const refresh = useRefresh();
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: StaffReportBody }) =>
        api<{ id: number }>(id === undefined ? 'backoffice/reports' : `backoffice/reports/${id}`, {
          method: id === undefined ? 'POST' : 'PUT',
          body,
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`backoffice/reports/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    removeMedia: useMutation({
      mutationFn: ({ reportId, mediaId }: { reportId: number; mediaId: number }) =>
        api(`backoffice/reports/${reportId}/media/${mediaId}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    upload: useMutation({
      mutationFn: (input: { reportId: number; file: File; onProgress: (percent: number) => void }) =>
        uploadReportMedia(input.reportId, input.file, input.onProgress),
      onSuccess: refresh,
    }),
  };
}

/** One photo or video as multipart, with its upload progress. */
function uploadReportMedia(
  reportId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<StaffReportMedia> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(`backoffice/reports/${reportId}/media`, form, onProgress);
}
