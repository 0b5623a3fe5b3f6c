import type { CodeChallenge } from '@portal/contract/auth';
import { SECOND_FACTOR_CODE_PATTERN } from '@portal/contract/field-rules';

/** Whether the typed code can be sent: six digits (SMS, mailed), or (authenticator app) a recovery code too. */
export function codeReady(challenge: CodeChallenge | null, code: string): boolean {
  if (!challenge) return true;
  return challenge.method === 'totp' ? SECOND_FACTOR_CODE_PATTERN.test(code.trim()) : /^\d{6}$/.test(code);
}
