import type { CodeChallenge } from '@portal/contract/auth';
import { SECOND_FACTOR_CODE_PATTERN } from '@portal/contract/field-rules';

/** Whether the typed code can be sent: six digits, or (authenticator app) a recovery code. */
export function codeReady(challenge: CodeChallenge | null, code: string): boolean {
  if (!challenge) return true;
  return challenge.method === 'sms' ? /^\d{6}$/.test(code) : SECOND_FACTOR_CODE_PATTERN.test(code.trim());
}
