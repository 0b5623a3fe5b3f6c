import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorState } from '../shared/ui/page-state';

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

/**
 * A page's own failure inside the signed-in shell (its code could not load, or it failed to render): the error and
 * a retry in the page's place. The retry enters the route again, which loads its code anew (the router forgets a
 * failed load); a reload would lose the shell too while the server is still away.
 */
export function PageError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => console.error(error), [error]);
  return (
    <Stack gap="md" className="page" data-testid="page-error">
      <Title order={1} size="h2">
        {t('common.error')}
      </Title>
      <ErrorState
        text={t('common.errorHint')}
        onRetry={() => void navigate(`${pathname}${search}`, { replace: true })}
      />
    </Stack>
  );
}
