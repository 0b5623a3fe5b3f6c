import type { StaffData, StaffDeactivate } from '@portal/contract/backoffice-staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';

/** Staff accounts of the console (admins only). */
export function useStaff(enabled: boolean) {
  return useQuery({
    queryKey: ['backoffice', 'staff'],
    queryFn: () => call('GET /backoffice/staff'),
    enabled,
  });
}

/** A staff change can move clients and the managers' names: the lists that show them are refreshed too. */
export function useStaffMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      ['staff', 'catalogue', 'owners', 'owner', 'requests', 'audit'].map((key) =>
        queryClient.invalidateQueries({ queryKey: ['backoffice', key] }),
      ),
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
