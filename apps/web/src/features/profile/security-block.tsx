import { Button, Divider, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { useOpenRequests } from '../../shared/api/open-requests';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { StepUpPasswordInput, stepUpFieldError } from '../../shared/ui/step-up';
import { PasswordModal } from './password-modal';
import { SettingRow } from './setting-row';
import { TotpBlock } from './totp-block';
import { TwoFactor } from './two-factor';

export function SecurityBlock() {
  const { t } = useTranslation();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const closePassword = useCallback(() => setPasswordOpen(false), []);
  const [deleteStep, setDeleteStep] = useState<'idle' | 'confirm' | 'sent'>('idle');
  const [deletePassword, setDeletePassword] = useState('');
  const openRequests = useOpenRequests();
  const remove = useMutation({
    mutationFn: () => call('POST /users/deleteaccount', { body: { password: deletePassword } }),
    onSuccess: () => {
      setDeleteStep('sent');
      void openRequests.refresh();
    },
  });
  // Asked for and not yet handled by the manager: the button rests, across reloads too.
  const deletionAsked = remove.isSuccess || openRequests.isOpen('account_deletion');
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="md">
        {t('profile.security')}
      </Title>
      <Stack gap="md">
        <SettingRow
          title={t('profile.password')}
          text="••••••••"
          action={
            <Button variant="light" onClick={() => setPasswordOpen(true)} data-testid="change-password">
              {t('profile.changePassword')}
            </Button>
          }
        />
        <Divider />
        <TwoFactor />
        <Divider />
        <TotpBlock />
        <Divider />
        <SettingRow
          title={t('profile.deleteAccount')}
          text={t('profile.deleteAccountText')}
          action={
            <Button
              variant="light"
              color="red"
              onClick={() => {
                setDeletePassword('');
                remove.reset();
                setDeleteStep('confirm');
              }}
              disabled={deletionAsked}
              data-testid="delete-account"
            >
              {deletionAsked ? t('profile.deleteSentTitle') : t('profile.deleteAccount')}
            </Button>
          }
        />
      </Stack>
      <PasswordModal opened={passwordOpen} onClose={closePassword} />
      <Modal
        opened={deleteStep === 'confirm'}
        onClose={() => {
          setDeleteStep('idle');
          remove.reset();
        }}
        title={t('profile.deleteConfirmTitle')}
        centered
      >
        <Stack>
          <Text size="sm">{t('profile.deleteConfirmText')}</Text>
          <StepUpPasswordInput value={deletePassword} onChange={setDeletePassword} error={remove.error} />
          {!stepUpFieldError(remove.error) && (
            <ApiErrorAlert error={remove.error} fallback={t('common.actionFailed')} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleteStep('idle')}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => deletePassword && remove.mutate()}
              disabled={!deletePassword}
              loading={remove.isPending}
              data-testid="confirm-delete"
            >
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={deleteStep === 'sent'}
        onClose={() => setDeleteStep('idle')}
        title={t('profile.deleteSentTitle')}
        centered
      >
        <Stack>
          <Text size="sm" data-testid="delete-sent">
            {t('profile.deleteSentText')}
          </Text>
          <Button onClick={() => setDeleteStep('idle')}>{t('common.ok')}</Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
