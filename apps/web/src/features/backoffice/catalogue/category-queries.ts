import type {
  DocumentCategoryBody,
  DocumentCategoryCreate,
  OutcomeCategoryBody,
  OutcomeCategoryCreate,
} from '@portal/contract/backoffice-categories';
import type { ApiKey } from '@portal/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { useRefresh } from '../queries';

/** Document and income-expense categories of the console's catalogue. */
export type CategoryKind = 'documents' | 'income-expense';

/**
 * A change shows wherever a category is read: the console's lists, the upload form's and owners' request list
 * (`GET /document-category`), documents by category, and the owners' income-expense pages.
 */
const CATEGORY_READERS: ApiKey[] = [
  'GET /backoffice/categories/documents',
  'GET /backoffice/categories/income-expense',
  'GET /document-category',
  'GET /user-document/get-by-user',
  'GET /location-document/get-all',
  'GET /backoffice/owners/:id/documents',
  'GET /adesk',
  'GET /adesk-periphery',
];

export function useDocumentCategoryList() {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/categories/documents'),
    queryFn: () => call('GET /backoffice/categories/documents'),
  });
}

export function useOutcomeCategoryList() {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/categories/income-expense'),
    queryFn: () => call('GET /backoffice/categories/income-expense'),
  });
}

export function useDocumentCategorySave() {
  const refresh = useRefresh(...CATEGORY_READERS);
  return useMutation({
    mutationFn: (input: { create: DocumentCategoryCreate } | { id: number; body: DocumentCategoryBody }) =>
      'create' in input
        ? call('POST /backoffice/categories/documents', { body: input.create })
        : call('PUT /backoffice/categories/documents/:id', { params: { id: input.id }, body: input.body }),
    onSuccess: refresh,
  });
}

export function useOutcomeCategorySave() {
  const refresh = useRefresh(...CATEGORY_READERS);
  return useMutation({
    mutationFn: (input: { create: OutcomeCategoryCreate } | { id: number; body: OutcomeCategoryBody }) =>
      'create' in input
        ? call('POST /backoffice/categories/income-expense', { body: input.create })
        : call('PUT /backoffice/categories/income-expense/:id', {
            params: { id: input.id },
            body: input.body,
          }),
    onSuccess: refresh,
  });
}

/** Archive or bring back a category. */
export function useCategoryArchive(kind: CategoryKind) {
  const refresh = useRefresh(...CATEGORY_READERS);
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
      kind === 'documents'
        ? call('PUT /backoffice/categories/documents/:id/archived', { params: { id }, body: { archived } })
        : call('PUT /backoffice/categories/income-expense/:id/archived', {
            params: { id },
            body: { archived },
          }),
    onSuccess: refresh,
  });
}

export function useCategoryDelete(kind: CategoryKind) {
  const refresh = useRefresh(...CATEGORY_READERS);
  return useMutation({
    mutationFn: (id: number) =>
      kind === 'documents'
        ? call('DELETE /backoffice/categories/documents/:id', { params: { id } })
        : call('DELETE /backoffice/categories/income-expense/:id', { params: { id } }),
    onSuccess: refresh,
  });
}
