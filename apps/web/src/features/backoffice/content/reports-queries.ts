import type { StaffReportBody } from '@portal/contract/backoffice-reports';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call, upload } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRefresh } from '../queries';

export function useStaffReports(locationId: number | null, page: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/reports', locationId, page),
    queryFn: () => call('GET /backoffice/reports', { query: { locationId: locationId ?? 0, page } }),
    enabled: locationId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReportMutations() {
  // The owners' report pages in this browser show the change too.
  const refresh = useRefresh(
    'GET /backoffice/reports',
    'GET /timeline/report/location',
    'GET /timeline/report/unit',
  );
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
