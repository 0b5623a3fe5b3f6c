import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The loading, empty and error states every page shows instead of a blank area. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {label ?? t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

export function EmptyState({
  title,
  text,
  pageTitle = false,
}: {
  title: string;
  text?: string;
  /** The state is the whole page (a client not found): its title is the page's heading. */
  pageTitle?: boolean;
}) {
  return (
    <Center py="xl">
      <Stack align="center" gap={4} maw={420} ta="center">
        <Text fw={600} component={pageTitle ? 'h1' : 'p'}>
          {title}
        </Text>
        {text && (
          <Text c="dimmed" size="sm">
            {text}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

export function ErrorState({ onRetry, text }: { onRetry?: () => void; text?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={text ?? t('common.error')} role="alert">
      {onRetry && (
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}
