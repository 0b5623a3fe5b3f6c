import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** What a user sees if a page fails to render (or a new deploy removed its chunk): a way back, not a stack trace. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" ta="center" maw={420}>
        <Title order={1} size="h3">
          {t('common.error')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('common.errorHint')}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
      </Stack>
    </Center>
  );
}
