import type { RequestStatus } from '@portal/contract/backoffice';

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
