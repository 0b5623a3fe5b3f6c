import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';

/** The state of the call a dialog confirms: a mutation of TanStack Query. */
type Confirmed = { isPending: boolean; error: Error | null; reset: () => void };

/**
 * Asks before what cannot be taken back in one click (delete, deactivate): what will happen, any choice it needs
 * (`children`), the call's refusal, and the red button. Closing forgets the refusal.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  action,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  action: Confirmed;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const close = () => {
    action.reset();
    onClose();
  };
  return (
    <Modal opened onClose={close} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          {children}
          <ApiErrorAlert
            error={action.error}
            fallback={t('common.actionFailed')}
            hideOnFields={Boolean(children)}
            inline={Boolean(children)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={action.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Asks before deleting a news item, an FAQ entry, a report or a lot, named in the question. */
export function DeleteDialog({
  id,
  name,
  remove,
  onClose,
}: {
  id: number;
  name: string;
  remove: Confirmed & { mutate: (id: number, options: { onSuccess: () => void }) => void };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('backofficeContent.deleteTitle')}
      text={t('backofficeContent.deleteText', { name })}
      confirmLabel={t('backofficeContent.delete')}
      action={remove}
      onConfirm={() => remove.mutate(id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
