import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { REQUEST_SUCCESS_VIEW_MS } from '@portal/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { ownerRequestsQuery } from '../../shared/api/owner-requests';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { StepUpPasswordInput, stepUpFieldError } from '../../shared/ui/step-up';

/** A request to the manager to change base data or bank details; the success view shows 2 s, then closes. */
export function RequestChangeModal({
  kind,
  opened,
  onClose,
}: {
  kind: 'base_data' | 'bank_details';
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  // Bank details move the money: their request needs the current password.
  const needsPassword = kind === 'bank_details';
  const [password, setPassword] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      call('POST /users/send-change-data-request', {
        body: { kind, message: message.trim(), ...(needsPassword ? { password } : {}) },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ownerRequestsQuery().queryKey });
      setTimeout(() => {
        onClose();
        mutation.reset();
        setMessage('');
        setPassword('');
        setTouched(false);
      }, REQUEST_SUCCESS_VIEW_MS);
    },
  });
  const error = touched && !message.trim() ? t('validation.required') : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mutation.isSuccess ? t('profile.requestSent') : t('profile.requestChangeTitle')}
      centered
    >
      {mutation.isSuccess ? (
        <Text data-testid="request-sent">{t('profile.requestSentText')}</Text>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('profile.requestChangeText')}
          </Text>
          <Textarea
            label={t('profile.requestMessage')}
            autosize
            minRows={3}
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {needsPassword && (
            <StepUpPasswordInput value={password} onChange={setPassword} error={mutation.error} />
          )}
          {!stepUpFieldError(mutation.error) && <ApiErrorAlert error={mutation.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={mutation.isPending}
              onClick={() => {
                setTouched(true);
                if (message.trim() && (!needsPassword || password)) mutation.mutate();
              }}
            >
              {t('common.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
