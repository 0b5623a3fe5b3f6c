import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { SafeHtml } from '../../shared/ui/safe-html';

/** HTML typed by hand, beside a live preview sanitized as the owner's page will show it. */
export function HtmlField({
  label,
  value,
  onChange,
  error,
  required,
  maxLength,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  maxLength: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Textarea
        label={label}
        description={t('backofficeContent.htmlHint')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        required={required}
        maxLength={maxLength}
        autosize
        minRows={5}
        maxRows={16}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        data-testid={testId}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('backofficeContent.preview')}
        </Text>
        <Paper withBorder radius="sm" p="sm" mih={120} bg="gray.0">
          {value.trim() ? (
            <SafeHtml className="rich-text" html={value} data-testid={`${testId}-preview`} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('backofficeContent.previewEmpty')}
            </Text>
          )}
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={published ? 'green' : 'gray'} variant="light">
      {t(published ? 'backofficeContent.published' : 'backofficeContent.draft')}
    </Badge>
  );
}

/** The server's refusal that no field of the form shows (a field's own message goes under the field). */
export function FormError({ error, shownFields }: { error: Error | null; shownFields: string[] }) {
  if (!error) return null;
  if (error instanceof ApiError && Object.keys(error.fields).some((field) => shownFields.includes(field))) {
    return null;
  }
  return (
    <Alert color="red" variant="light" role="alert">
      {error.message}
    </Alert>
  );
}

/** Field messages of a failed save, by field name. */
export const fieldErrors = (error: Error | null): Record<string, string | undefined> =>
  error instanceof ApiError ? error.fields : {};

export function DeleteModal({
  name,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  name: string;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('backofficeContent.deleteTitle')} centered>
      <Stack>
        <Text size="sm">{t('backofficeContent.deleteText', { name })}</Text>
        <FormError error={error} shownFields={[]} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {t('backofficeContent.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
