import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { NOTIFICATION_KINDS, type NotificationKind } from '@portal/contract/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, call } from '../../shared/api/client';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { AuthScreen } from './auth-screen';

/**
 * The page a mail's unsubscribe link opens, signed in or not: the link's signature is the permission, and the
 * button (not the page load) unsubscribes, so a mail scanner following links turns nothing off.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const u = params.get('u') ?? '';
  const k = params.get('k') ?? '';
  const token = params.get('t') ?? '';
  const kind = (NOTIFICATION_KINDS as readonly string[]).includes(k) ? (k as NotificationKind) : null;
  const unsubscribe = useMutation({
    mutationFn: () =>
      call('POST /notifications/unsubscribe', { query: { u: Number(u), k: kind ?? 'news', t: token } }),
  });
  const invalid =
    !kind ||
    !/^\d+$/.test(u) ||
    !token ||
    (unsubscribe.error instanceof ApiError &&
      (unsubscribe.error.status === 404 || unsubscribe.error.status === 400));
  const kindName = kind ? t(`unsubscribe.kinds.${kind}`) : '';
  return (
    <AuthScreen title={t('unsubscribe.title')}>
      {invalid ? (
        <Alert color="red" variant="light" role="alert" data-testid="unsubscribe-invalid">
          {t('unsubscribe.invalid')}
        </Alert>
      ) : unsubscribe.isSuccess ? (
        <Alert color="green" variant="light" role="status" data-testid="unsubscribe-done">
          {t('unsubscribe.done', { kind: kindName })}
        </Alert>
      ) : (
        <Stack gap="md">
          <Text>{t('unsubscribe.text', { kind: kindName })}</Text>
          <ApiErrorAlert error={unsubscribe.error} />
          <Button
            onClick={() => unsubscribe.mutate()}
            loading={unsubscribe.isPending}
            data-testid="unsubscribe"
          >
            {t('unsubscribe.confirm')}
          </Button>
        </Stack>
      )}
      <Anchor href="/" size="sm">
        {t('unsubscribe.toPortal')}
      </Anchor>
    </AuthScreen>
  );
}
