import type { ManagerRequest, RequestStatus } from '@portal/contract/backoffice';

export const STATUS_COLORS: Record<RequestStatus, string> = {
  new: 'blue',
  in_progress: 'orange',
  done: 'gray',
  rejected: 'red',
};

/** Requests a manager applies on the client's card: a change of data, or new bank details. */
export function isApplicable(request: Pick<ManagerRequest, 'kind' | 'status'>): boolean {
  return isOpen(request) && (request.kind === 'change_data' || request.kind === 'bank_details');
}

/** New or in progress: the manager may still complete or refuse it. */
export const isOpen = (request: Pick<ManagerRequest, 'status'>) =>
  request.status === 'new' || request.status === 'in_progress';
