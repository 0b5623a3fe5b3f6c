import { SegmentedControl } from '@mantine/core';
import type { RoleCode } from '@portal/contract/constants';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session';

/** Shown only to users with more than one role. */
export function RoleToggler({
  fullWidth = false,
  testId = 'role-toggler',
}: {
  fullWidth?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { roles, currentRole, setCurrentRole } = useSession();
  if (roles.length < 2) return null;
  return (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      aria-label={t('layout.role')}
      value={currentRole}
      onChange={(value) => setCurrentRole(value as RoleCode)}
      data={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
      data-testid={testId}
    />
  );
}
