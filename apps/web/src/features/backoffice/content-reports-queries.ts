import type { StaffReportBody, StaffReportList, StaffReportMedia } from '@portal/contract/backoffice-reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { ApiError, api } from '../../shared/api/client';
import { storage } from '../../shared/storage';

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

/** One photo or video as multipart, through XMLHttpRequest for its upload progress (fetch reports none). */
function uploadReportMedia(
  reportId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<StaffReportMedia> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/backoffice/reports/${reportId}/media`);
    const token = storage.token();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: { error?: { code?: string; message?: string; fields?: Record<string, string> } } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not the API's JSON: the generic message below
      }
      if (request.status === 200) resolve(body as StaffReportMedia);
      else
        reject(
          new ApiError(
            request.status,
            body.error?.code ?? 'unknown',
            body.error?.message ?? i18n.t('common.actionFailed'),
            body.error?.fields,
          ),
        );
    };
    request.onerror = () => reject(new ApiError(0, 'network', i18n.t('common.networkError')));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
