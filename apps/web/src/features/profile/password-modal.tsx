import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_SUCCESS_VIEW_MS } from '@portal/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { validateNewPassword, validatePassword, validateRepeat } from '../../shared/validation';

/** Password change: the spec's rules, the server's message on failure, a success view for 1 s, then closes. */
export function PasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', repeat: '' });
  const [oldTouched, setOldTouched] = useState(false);
  const [touched, setTouched] = useState(false);
  const mutation = useMutation({
    mutationFn: () =>
      call('POST /users/password/change', {
        body: { oldPassword: form.oldPassword, newPassword: form.newPassword },
      }),
    onSuccess: () =>
      setTimeout(() => {
        onClose();
        reset();
      }, PASSWORD_SUCCESS_VIEW_MS),
  });
  function reset() {
    setForm({ oldPassword: '', newPassword: '', repeat: '' });
    setOldTouched(false);
    setTouched(false);
    mutation.reset();
  }
  // The old password is checked against the same pattern when the field loses focus.
  const oldError = oldTouched || touched ? validatePassword(form.oldPassword) : null;
  const newError = touched ? validateNewPassword(form.oldPassword, form.newPassword) : null;
  const repeatError = touched ? validateRepeat(form.newPassword, form.repeat) : null;
  // The server's message: on the old password field when it names that field (a wrong password), else above.
  const serverOldError =
    mutation.error instanceof ApiError ? (mutation.error.fields.oldPassword ?? null) : null;
  // A new password the server refuses (too common, equal to the login) shows on its field.
  const serverNewError =
    mutation.error instanceof ApiError ? (mutation.error.fields.newPassword ?? null) : null;
  const submit = () => {
    setTouched(true);
    if (
      validatePassword(form.oldPassword) ||
      validateNewPassword(form.oldPassword, form.newPassword) ||
      validateRepeat(form.newPassword, form.repeat)
    )
      return;
    mutation.mutate();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        onClose();
        reset();
      }}
      title={t('profile.changePassword')}
      centered
    >
      {mutation.isSuccess ? (
        <Text data-testid="password-changed">{t('profile.passwordChanged')}</Text>
      ) : (
        <Stack>
          <PasswordInput
            label={t('profile.oldPassword')}
            value={form.oldPassword}
            onChange={(e) => {
              setForm({ ...form, oldPassword: e.currentTarget.value });
              if (serverOldError) mutation.reset();
            }}
            onBlur={() => setOldTouched(true)}
            error={oldError ? t(oldError) : serverOldError}
            errorProps={{ 'data-testid': 'old-password-error' }}
            autoComplete="current-password"
            name="oldPassword"
            data-autofocus
          />
          <PasswordInput
            label={t('profile.newPassword')}
            value={form.newPassword}
            onChange={(e) => {
              setForm({ ...form, newPassword: e.currentTarget.value });
              if (serverNewError) mutation.reset();
            }}
            error={newError ? t(newError) : serverNewError}
            errorProps={{ 'data-testid': 'new-password-error' }}
            autoComplete="new-password"
            name="newPassword"
          />
          <PasswordInput
            label={t('profile.repeatPassword')}
            value={form.repeat}
            onChange={(e) => setForm({ ...form, repeat: e.currentTarget.value })}
            error={repeatError ? t(repeatError) : null}
            autoComplete="new-password"
            name="repeat"
          />
          {!serverOldError && !serverNewError && (
            <ApiErrorAlert
              error={mutation.error}
              fallback={t('common.actionFailed')}
              data-testid="password-error"
            />
          )}
          <Group justify="flex-end">
            <Button
              onClick={submit}
              loading={mutation.isPending}
              disabled={Boolean(oldError || newError || repeatError)}
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
