import type {
  ImportKindCode,
  ImportReport,
  OwnerBankDetailsUpdate,
  OwnerCreate,
  OwnerLoanCreate,
  OwnerUnitCreate,
  OwnerUpdate,
  RequestKindCode,
  RequestStatus,
} from '@portal/contract/backoffice';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, upload } from '../../shared/api/client';

export const PAGE_SIZE = 20;

export function useBackofficeMe() {
  return useQuery({
    queryKey: ['backoffice', 'me'],
    queryFn: () => call('GET /backoffice/me'),
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });
}

export function useCatalogue() {
  return useQuery({
    queryKey: ['backoffice', 'catalogue'],
    queryFn: () => call('GET /backoffice/catalogue'),
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
    queryFn: () => call('GET /backoffice/requests', { query: { ...filter, pageSize: PAGE_SIZE } }),
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
      call('PATCH /backoffice/requests/:id', {
        params: { id: input.id },
        body: { status: input.status, comment: input.comment },
      }),
    onSuccess: () => invalidate('requests'),
  });
}

export function useOwners(search: string, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'owners', search, page],
    queryFn: () =>
      call('GET /backoffice/owners', { query: { search: search || undefined, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useOwner(id: number) {
  return useQuery({
    queryKey: ['backoffice', 'owner', id],
    queryFn: () => call('GET /backoffice/owners/:id', { params: { id } }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useCreateOwner() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: OwnerCreate) => call('POST /backoffice/owners', { body: input }),
    onSuccess: () => invalidate('owners'),
  });
}

export function useOwnerMutations(id: number) {
  const invalidate = useInvalidate();
  // A save may complete the change-of-data request it applies.
  const refresh = () => invalidate('owner', 'owners', 'requests');
  return {
    update: useMutation({
      mutationFn: (input: OwnerUpdate) => call('PUT /backoffice/owners/:id', { params: { id }, body: input }),
      onSuccess: refresh,
    }),
    deactivate: useMutation({
      mutationFn: () => call('POST /backoffice/owners/:id/deactivate', { params: { id } }),
      onSuccess: refresh,
    }),
    addUnit: useMutation({
      mutationFn: (input: OwnerUnitCreate) =>
        call('POST /backoffice/owners/:id/units', { params: { id }, body: input }),
      onSuccess: refresh,
    }),
    removeUnit: useMutation({
      mutationFn: (linkId: number) =>
        call('DELETE /backoffice/owners/:id/units/:linkId', { params: { id, linkId } }),
      onSuccess: refresh,
    }),
    addLoan: useMutation({
      mutationFn: (input: OwnerLoanCreate) =>
        call('POST /backoffice/owners/:id/loans', { params: { id }, body: input }),
      onSuccess: refresh,
    }),
    saveBankDetails: useMutation({
      mutationFn: (input: OwnerBankDetailsUpdate) =>
        call('PUT /backoffice/owners/:id/bank-details', { params: { id }, body: input }),
      onSuccess: refresh,
    }),
  };
}

export function useAudit(page: number) {
  return useQuery({
    queryKey: ['backoffice', 'audit', page],
    queryFn: () => call('GET /backoffice/audit', { query: { page, pageSize: PAGE_SIZE } }),
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
  return upload(
    'POST /backoffice/import/:kind',
    { kind },
    file,
    onProgress,
    {
      'content-type': file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv',
      'x-file-name': encodeURIComponent(file.name),
    },
    { skipInvalid: skipInvalid ? 'true' : undefined },
  );
}
