import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session';

/** The main page's frame; its figures and banners come with the finance area. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { profile, currentLocation } = useSession();
  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Text fw={600} size="lg">
          {t('dashboard.greeting', { name: profile.firstName || profile.name })}
        </Text>
        {currentLocation && (
          <Text c="dimmed" mt={4}>
            {i18n.language === 'en' ? currentLocation.nameEn : currentLocation.name}
          </Text>
        )}
        <Text mt="sm">{t('dashboard.intro')}</Text>
      </Paper>
    </Stack>
  );
}
