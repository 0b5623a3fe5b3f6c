import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { ApiErrorAlert } from './api-error-alert';

/**
 * The current password of a step-up: the server's message for a wrong one shows on the field. A change of e-mail,
 * phone or any factor (enrolment included) takes it in the same call, so a stolen session alone changes nothing.
 */
export function StepUpPasswordInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: Error | null;
}) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('profile.currentPassword')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={stepUpFieldError(error)}
      autoComplete="current-password"
      name="currentPassword"
      data-testid="step-up-password"
      required
    />
  );
}

/** The message of a failed step-up that belongs on the password field, if the error is one. */
export function stepUpFieldError(error: Error | null): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.fields.password ?? error.fields.code ?? null;
}

/** A modal that asks for the current password before an account change is sent; `text` says what it confirms. */
export function StepUpModal({
  opened,
  onClose,
  onConfirm,
  pending,
  error,
  text,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: (password: string) => void;
  pending: boolean;
  error: Error | null;
  text?: string;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (opened) setPassword('');
  }, [opened]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onConfirm(password);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('profile.stepUpTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {text ?? t('profile.stepUpText')}
          </Text>
          <StepUpPasswordInput value={password} onChange={setPassword} error={error} />
          {!stepUpFieldError(error) && <ApiErrorAlert error={error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={!password} data-testid="step-up-confirm">
              {t('profile.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
