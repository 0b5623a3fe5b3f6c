import { Badge } from '@mantine/core';

const ACCOUNT_COLORS = { active: 'green', invited: 'blue', deactivated: 'gray' } as const;

/**
 * An account's state, a client's or a staff member's; whole at every width (in a phone's scrolling table a badge
 * was squeezed to «AC…»).
 */
export function AccountStatusBadge({
  status,
  label,
}: {
  status: keyof typeof ACCOUNT_COLORS;
  label: string;
}) {
  return (
    <Badge color={ACCOUNT_COLORS[status]} variant="light" miw="max-content">
      {label}
    </Badge>
  );
}
