import { Alert } from '@mantine/core';
import { BANNER_VISIBLE_MS } from '@portal/contract/constants';
import { useTimedFlag } from './timed';

/**
 * A request-sent banner: shown after a success, hidden after 5 seconds; a failure shows nothing (spec: Screens and
 * routes).
 */
export function useSuccessBanner(): [boolean, () => void] {
  return useTimedFlag(BANNER_VISIBLE_MS);
}

export function SuccessBanner({ visible, text }: { visible: boolean; text: string }) {
  if (!visible) return null;
  return (
    <Alert color="green" variant="light" role="status" data-testid="success-banner">
      {text}
    </Alert>
  );
}
