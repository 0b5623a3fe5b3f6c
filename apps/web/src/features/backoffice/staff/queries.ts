import type { StaffData, StaffDeactivate } from '@portal/contract/backoffice-staff';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { CATALOGUE_CALLS, useRefresh } from '../queries';

/** Staff accounts of the console (admins only). */
export function useStaff(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf('GET /backoffice/staff'),
    queryFn: () => call('GET /backoffice/staff'),
    enabled,
  });
}

/** A staff change can move clients and the managers' names: the lists that show them are refreshed too. */
export function useStaffMutations() {
  const refresh = useRefresh(
    'GET /backoffice/staff',
    ...CATALOGUE_CALLS,
    'GET /backoffice/owners',
    'GET /backoffice/owners/:id',
    'GET /backoffice/requests',
  );
  return {
    create: useMutation({
      mutationFn: (input: StaffData) => call('POST /backoffice/staff', { body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: StaffData & { id: number }) =>
        call('PUT /backoffice/staff/:id', { params: { id }, body: input }),
      onSuccess: refresh,
    }),
    deactivate: useMutation({
      mutationFn: ({ id, ...input }: StaffDeactivate & { id: number }) =>
        call('POST /backoffice/staff/:id/deactivate', { params: { id }, body: input }),
      onSuccess: refresh,
    }),
    reactivate: useMutation({
      mutationFn: (id: number) => call('POST /backoffice/staff/:id/reactivate', { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
