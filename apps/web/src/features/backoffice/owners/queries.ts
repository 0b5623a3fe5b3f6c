import type {
  OwnerBankDetailsUpdate,
  OwnerCreate,
  OwnerLoanCreate,
  OwnerUnitCreate,
  OwnerUnitEnd,
  OwnerUnitUpdate,
  OwnerUpdate,
} from '@portal/contract/backoffice';
import type { SignedCopyReview } from '@portal/contract/backoffice-documents';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, call, upload } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { PAGE_SIZE, useRefresh } from '../queries';

export function useOwners(search: string, page: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/owners', search, page),
    queryFn: () =>
      call('GET /backoffice/owners', { query: { search: search || undefined, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useOwner(id: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/owners/:id', id),
    queryFn: () => call('GET /backoffice/owners/:id', { params: { id } }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useCreateOwner() {
  const refresh = useRefresh('GET /backoffice/owners');
  return useMutation({
    mutationFn: (input: OwnerCreate) => call('POST /backoffice/owners', { body: input }),
    onSuccess: refresh,
  });
}

export function useOwnerMutations(id: number) {
  // A save may complete the change-of-data request it applies.
  const refresh = useRefresh(
    'GET /backoffice/owners/:id',
    'GET /backoffice/owners',
    'GET /backoffice/requests',
  );
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
    updateUnit: useMutation({
      mutationFn: ({ linkId, ...body }: OwnerUnitUpdate & { linkId: number }) =>
        call('PUT /backoffice/owners/:id/units/:linkId', { params: { id, linkId }, body }),
      onSuccess: refresh,
    }),
    endUnit: useMutation({
      mutationFn: ({ linkId, ...body }: OwnerUnitEnd & { linkId: number }) =>
        call('POST /backoffice/owners/:id/units/:linkId/end', { params: { id, linkId }, body }),
      onSuccess: refresh,
    }),
    restoreUnit: useMutation({
      mutationFn: (linkId: number) =>
        call('POST /backoffice/owners/:id/units/:linkId/restore', { params: { id, linkId } }),
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

export function useOwnerDocuments(ownerId: number) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/owners/:id/documents', ownerId),
    queryFn: () => call('GET /backoffice/owners/:id/documents', { params: { id: ownerId } }),
  });
}

/** The documents' categories, the owners' own list (the same answer as on their documents page). */
export function useDocumentCategories() {
  return useQuery({
    queryKey: queryKeyOf('GET /document-category'),
    queryFn: () => call('GET /document-category'),
  });
}

/** A PDF for the owner, with the fields the upload form sends before the file. */
export function useUploadOwnerDocument(ownerId: number) {
  const refresh = useRefresh('GET /backoffice/owners/:id/documents');
  return useMutation({
    mutationFn: (form: FormData) =>
      upload('POST /backoffice/owners/:id/documents', { id: ownerId }, form, () => undefined),
    onSuccess: refresh,
  });
}

/** The manager's decision on an owner's signed copy: signed, or returned with a comment; the inbox follows. */
export function useReviewSignedCopy() {
  const refresh = useRefresh('GET /backoffice/owners/:id/documents', 'GET /backoffice/requests');
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & SignedCopyReview) =>
      call('POST /backoffice/documents/:id/review', { params: { id }, body }),
    onSuccess: refresh,
  });
}
