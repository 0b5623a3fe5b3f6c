import type { ManagerRequest, RequestStatus } from '@portal/contract/backoffice';

export const STATUS_COLORS: Record<RequestStatus, string> = {
  new: 'blue',
  in_progress: 'orange',
  done: 'gray',
};

/** Requests a manager applies on the client's card: a change of data, or new bank details. */
export function isApplicable(request: Pick<ManagerRequest, 'kind' | 'status'>): boolean {
  return request.status !== 'done' && (request.kind === 'change_data' || request.kind === 'bank_details');
}
