import type { StaffReportBody } from '@portal/contract/backoffice-reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../../shared/api/client';

export function useStaffReports(locationId: number | null, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'reports', locationId, page],
    queryFn: () => call('GET /backoffice/reports', { query: { locationId: locationId ?? 0, page } }),
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
        id === undefined
          ? call('POST /backoffice/reports', { body })
          : call('PUT /backoffice/reports/:id', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('DELETE /backoffice/reports/:id', { params: { id } }),
      onSuccess: refresh,
    }),
    removeMedia: useMutation({
      mutationFn: ({ reportId, mediaId }: { reportId: number; mediaId: number }) =>
        call('DELETE /backoffice/reports/:id/media/:mediaId', { params: { id: reportId, mediaId } }),
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
function uploadReportMedia(reportId: number, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return upload('POST /backoffice/reports/:id/media', { id: reportId }, form, onProgress);
}
