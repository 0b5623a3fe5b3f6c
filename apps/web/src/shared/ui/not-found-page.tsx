import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from './logo';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="not-found">
      <header className="app-header">
        <Logo />
      </header>
      <main className="not-found-main">
        <Stack align="center" gap="md" ta="center">
          <Text className="not-found-code" aria-hidden="true">
            404
          </Text>
          <Title order={1}>{t('notFound.title')}</Title>
          <Text c="dimmed">{t('notFound.hint')}</Text>
          <Button component={Link} to="/" size="md">
            {t('notFound.home')}
          </Button>
        </Stack>
      </main>
    </div>
  );
}
