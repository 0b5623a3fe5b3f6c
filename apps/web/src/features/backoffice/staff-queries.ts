import type { StaffData, StaffDeactivate, StaffListResponse } from '@portal/contract/backoffice-staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** Staff accounts of the console (admins only). */
export function useStaff(enabled: boolean) {
  return useQuery({
    queryKey: ['backoffice', 'staff'],
    queryFn: () => api<StaffListResponse>('backoffice/staff'),
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
      mutationFn: (input: StaffData) => api<{ id: number }>('backoffice/staff', { body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: StaffData & { id: number }) =>
        api(`backoffice/staff/${id}`, { method: 'PUT', body: input }),
      onSuccess: refresh,
    }),
    deactivate: useMutation({
      mutationFn: ({ id, ...input }: StaffDeactivate & { id: number }) =>
        api(`backoffice/staff/${id}/deactivate`, { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    reactivate: useMutation({
      mutationFn: (id: number) => api(`backoffice/staff/${id}/reactivate`, { method: 'POST' }),
      onSuccess: refresh,
    }),
  };
}
