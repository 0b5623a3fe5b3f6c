import type {
  AuditListResponse,
  BackofficeCatalogue,
  BackofficeMe,
  ImportKindCode,
  ImportReport,
  OwnerBankDetailsUpdate,
  OwnerCreate,
  OwnerDetail,
  OwnerListResponse,
  OwnerLoanCreate,
  OwnerUnitCreate,
  OwnerUpdate,
  RequestKindCode,
  RequestListResponse,
  RequestStatus,
} from '@portal/contract/backoffice';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { ApiError, api } from '../../shared/api/client';
import { storage } from '../../shared/storage';

export const PAGE_SIZE = 20;

export function useBackofficeMe() {
  return useQuery({
    queryKey: ['backoffice', 'me'],
    queryFn: () => api<BackofficeMe>('backoffice/me'),
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });
}

export function useCatalogue() {
  return useQuery({
    queryKey: ['backoffice', 'catalogue'],
    queryFn: () => api<BackofficeCatalogue>('backoffice/catalogue'),
    staleTime: 5 * 60_000,
  });
}

export function useRequests(filter: {
  kind?: RequestKindCode;
  status?: RequestStatus;
  ownerId?: number;
  page: number;
}) {
  return useQuery({
    queryKey: ['backoffice', 'requests', filter],
    queryFn: () =>
      api<RequestListResponse>('backoffice/requests', { query: { ...filter, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Every change in the console also lands in the audit trail: its list is refreshed with the changed data. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return (...keys: string[]) =>
    Promise.all(
      [...keys, 'audit'].map((key) => queryClient.invalidateQueries({ queryKey: ['backoffice', key] })),
    );
}

export function useUpdateRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; status: RequestStatus; comment?: string }) =>
      api(`backoffice/requests/${input.id}`, {
        method: 'PATCH',
        body: { status: input.status, comment: input.comment },
      }),
    onSuccess: () => invalidate('requests'),
  });
}

export function useOwners(search: string, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'owners', search, page],
    queryFn: () =>
      api<OwnerListResponse>('backoffice/owners', {
        query: { search: search || undefined, page, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOwner(id: number) {
  return useQuery({
    queryKey: ['backoffice', 'owner', id],
    queryFn: () => api<OwnerDetail>(`backoffice/owners/${id}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useCreateOwner() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: OwnerCreate) => api<{ id: number }>('backoffice/owners', { body: input }),
    onSuccess: () => invalidate('owners'),
  });
}

export function useOwnerMutations(id: number) {
  const invalidate = useInvalidate();
  // A save may complete the change-of-data request it applies.
  const refresh = () => invalidate('owner', 'owners', 'requests');
  return {
    update: useMutation({
      mutationFn: (input: OwnerUpdate) => api(`backoffice/owners/${id}`, { method: 'PUT', body: input }),
      onSuccess: refresh,
    }),
    deactivate: useMutation({
      mutationFn: () => api(`backoffice/owners/${id}/deactivate`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    addUnit: useMutation({
      mutationFn: (input: OwnerUnitCreate) => api(`backoffice/owners/${id}/units`, { body: input }),
      onSuccess: refresh,
    }),
    removeUnit: useMutation({
      mutationFn: (linkId: number) => api(`backoffice/owners/${id}/units/${linkId}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    addLoan: useMutation({
      mutationFn: (input: OwnerLoanCreate) => api(`backoffice/owners/${id}/loans`, { body: input }),
      onSuccess: refresh,
    }),
    saveBankDetails: useMutation({
      mutationFn: (input: OwnerBankDetailsUpdate) =>
        api(`backoffice/owners/${id}/bank-details`, { method: 'PUT', body: input }),
      onSuccess: refresh,
    }),
  };
}

export function useAudit(page: number) {
  return useQuery({
    queryKey: ['backoffice', 'audit', page],
    queryFn: () => api<AuditListResponse>('backoffice/audit', { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Sends an import file with XMLHttpRequest, which reports upload progress (fetch does not); the answer is the
 * server's report, or an ApiError with the message in the user's language.
 */
export function uploadImport(
  kind: ImportKindCode,
  file: File,
  skipInvalid: boolean,
  onProgress: (percent: number) => void,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/backoffice/import/${kind}${skipInvalid ? '?skipInvalid=true' : ''}`);
    const token = storage.token();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader(
      'content-type',
      file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv',
    );
    request.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: { error?: { code?: string; message?: string } } & Partial<ImportReport> = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not the API's JSON: the generic message below
      }
      if (request.status === 200) resolve(body as ImportReport);
      else
        reject(
          new ApiError(
            request.status,
            body.error?.code ?? 'unknown',
            body.error?.message ?? i18n.t('common.actionFailed'),
          ),
        );
    };
    request.onerror = () => reject(new ApiError(0, 'network', i18n.t('common.networkError')));
    request.send(file);
  });
}
