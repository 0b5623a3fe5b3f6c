import type { ManagerRequest, RequestStatus } from '@portal/contract/backoffice';

export const STATUS_COLORS: Record<RequestStatus, string> = {
  new: 'blue',
  in_progress: 'orange',
  done: 'gray',
};

/** What the owner sent, as short lines: the message, the phone to call back, the document asked for… */
export function payloadLines(payload: Record<string, unknown>): string[] {
  return Object.entries(payload)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

/** Requests a manager applies on the client's card: a change of data, or new bank details. */
export function isApplicable(request: Pick<ManagerRequest, 'kind' | 'status'>): boolean {
  return request.status !== 'done' && (request.kind === 'change_data' || request.kind === 'bank_details');
}
