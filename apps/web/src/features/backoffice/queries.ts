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
import { ApiError, api, uploadWithProgress } from '../../shared/api/client';

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

/** Sends an import file with its upload progress; the answer is the server's report of the rows. */
export function uploadImport(
  kind: ImportKindCode,
  file: File,
  skipInvalid: boolean,
  onProgress: (percent: number) => void,
): Promise<ImportReport> {
  return uploadWithProgress(
    `backoffice/import/${kind}${skipInvalid ? '?skipInvalid=true' : ''}`,
    file,
    onProgress,
    {
      'content-type': file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv',
      'x-file-name': encodeURIComponent(file.name),
    },
  );
}
