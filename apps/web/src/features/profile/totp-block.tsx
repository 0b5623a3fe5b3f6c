import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/queries';
import { useSession } from '../../shared/session/session';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { StepUpPasswordInput } from '../../shared/ui/step-up';
import { RecoveryCodesModal, TotpSetupButton } from '../../shared/ui/totp-setup';
import { SettingRow } from './setting-row';

/** The profile's row of the authenticator app: on (with recovery codes left), off with the password. */
export function TotpBlock() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const [confirmOff, setConfirmOff] = useState(false);
  const [regenerate, setRegenerate] = useState(false);
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  const off = useMutation({
    mutationFn: () => call('POST /users/totp/off', { body: { password } }),
    onSuccess: () => {
      setConfirmOff(false);
      refresh();
    },
  });
  const again = useMutation({
    mutationFn: () => call('POST /users/recovery-codes', { body: { password } }),
    onSuccess: (data) => {
      setRegenerate(false);
      setCodes(data.recoveryCodes);
      refresh();
    },
  });
  const open = (which: 'off' | 'again') => {
    setPassword('');
    off.reset();
    again.reset();
    if (which === 'off') setConfirmOff(true);
    else setRegenerate(true);
  };
  const mutation = confirmOff ? off : again;
  return (
    <Stack gap="xs">
      <SettingRow
        title={t('profile.totp')}
        text={
          profile.totpEnabled
            ? t('profile.totpOnText', { count: profile.recoveryCodesLeft })
            : t('profile.totpOffText')
        }
        action={
          profile.totpEnabled ? (
            <Group gap="xs">
              <Button variant="default" onClick={() => open('again')} data-testid="recovery-codes-new">
                {t('profile.newRecoveryCodes')}
              </Button>
              <Button variant="light" color="red" onClick={() => open('off')} data-testid="totp-off">
                {t('profile.turnOff')}
              </Button>
            </Group>
          ) : (
            <TotpSetupButton onEnabled={refresh} />
          )
        }
      />
      <Modal
        opened={confirmOff || regenerate}
        onClose={() => {
          setConfirmOff(false);
          setRegenerate(false);
        }}
        title={confirmOff ? t('profile.totpOffTitle') : t('profile.newRecoveryCodes')}
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (password) mutation.mutate();
          }}
          noValidate
        >
          <Stack>
            <StepUpPasswordInput value={password} onChange={setPassword} error={mutation.error} />
            <ApiErrorAlert
              error={mutation.error}
              fallback={t('common.actionFailed')}
              hideOnFields={['password']}
            />
            <Group justify="flex-end">
              <Button type="submit" color={confirmOff ? 'red' : undefined} loading={mutation.isPending}>
                {confirmOff ? t('profile.turnOff') : t('profile.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <RecoveryCodesModal codes={codes} onClose={() => setCodes(null)} />
    </Stack>
  );
}
