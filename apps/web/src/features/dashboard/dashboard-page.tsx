import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session';
import { InvestorDashboard } from './investor-dashboard';
import { LenderDashboard } from './lender-dashboard';

export function DashboardPage() {
  const { t } = useTranslation();
  const { currentRole } = useSession();
  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>
      {currentRole === 'INVESTOR' ? <InvestorDashboard /> : <LenderDashboard />}
    </Stack>
  );
}
