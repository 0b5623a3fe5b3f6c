import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { SafeHtml } from '../../../shared/ui/safe-html';

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

/** Field messages of a failed save, by field name. */
export const fieldErrors = (error: Error | null): Record<string, string | undefined> =>
  error instanceof ApiError ? error.fields : {};

/** Asks before deleting; the mutation deletes by id, and closing forgets its error. */
export function DeleteModal({
  id,
  name,
  remove,
  onClose,
}: {
  id: number;
  name: string;
  remove: UseMutationResult<unknown, Error, number>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened onClose={close} title={t('backofficeContent.deleteTitle')} centered>
      <Stack>
        <Text size="sm">{t('backofficeContent.deleteText', { name })}</Text>
        <ApiErrorAlert error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(id, { onSuccess: onClose })}
          >
            {t('backofficeContent.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The list row's actions of an FAQ entry or a news item. */
export function ContentRowActions({
  published,
  toggling,
  onEdit,
  onTogglePublished,
  onDelete,
}: {
  published: boolean;
  toggling: boolean;
  onEdit: () => void;
  onTogglePublished: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Button size="xs" variant="default" onClick={onEdit}>
        {t('common.edit')}
      </Button>
      <Button size="xs" variant="light" loading={toggling} onClick={onTogglePublished}>
        {t(published ? 'backofficeContent.unpublish' : 'backofficeContent.publish')}
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
        {t('backofficeContent.delete')}
      </Button>
    </Group>
  );
}

/** Heads the English fields of a form: empty ones take the Russian text. */
export function EnglishHeading() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={3} size="h5">
        {t('backofficeContent.english')}
      </Title>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('backofficeContent.englishHint')}
      </Text>
    </>
  );
}
