import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OwnerRequests } from '../../shared/ui/owner-requests';
import { AvatarBlock } from './avatar-block';
import { BankDetailsBlock } from './bank-details-block';
import { BaseDataBlock } from './base-data-block';
import { NotificationSettingsBlock } from './notification-settings-block';
import { SecurityBlock } from './security-block';
import { SessionsBlock } from './sessions-block';

export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      <AvatarBlock />
      <BaseDataBlock />
      <BankDetailsBlock />
      <NotificationSettingsBlock />
      <SecurityBlock />
      <SessionsBlock />
      <OwnerRequests title={t('ownerRequests.title')} emptyTitle={t('ownerRequests.empty')} />
    </Stack>
  );
}
