import { Alert, Button, Code, Group, Image, Modal, PinInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RecoveryCodesResponse, TotpSetupResponse } from '@portal/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/queries';
import { useSession } from '../../shared/session/session';
import { SettingRow } from './setting-row';
import { StepUpPasswordInput } from './step-up';

const errorText = (error: Error, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** The recovery codes, shown once after they are made. */
export function RecoveryCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={codes !== null} onClose={onClose} title={t('profile.totpCodesTitle')} centered>
      <Stack>
        <Text size="sm">{t('profile.totpCodesText')}</Text>
        <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
          {(codes ?? []).map((code) => (
            <Code key={code} className="recovery-code">
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Button onClick={onClose} data-testid="recovery-codes-saved">
          {t('profile.totpCodesSaved')}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * Turning the authenticator app on: a QR code of the otpauth URI (drawn by the server as SVG) and the key, then the
 * app's first code; the ten recovery codes are shown once. Used in the profile and by the console's enrolment.
 */
export function TotpSetupButton({ onEnabled }: { onEnabled: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const setup = useMutation({
    mutationFn: () => api<TotpSetupResponse>('users/totp/setup', { method: 'POST' }),
    onSuccess: () => setCode(''),
  });
  const enable = useMutation({
    mutationFn: (value: string) => api<RecoveryCodesResponse>('users/totp/enable', { body: { code: value } }),
    onSuccess: (data) => {
      setup.reset();
      setCodes(data.recoveryCodes);
    },
  });
  const close = () => {
    setup.reset();
    enable.reset();
  };
  return (
    <>
      <Button variant="light" onClick={() => setup.mutate()} loading={setup.isPending} data-testid="totp-on">
        {t('profile.turnOn')}
      </Button>
      {setup.error && (
        <Text c="red" size="sm" role="alert">
          {errorText(setup.error, t('common.actionFailed'))}
        </Text>
      )}
      <Modal opened={Boolean(setup.data)} onClose={close} title={t('profile.totpSetupTitle')} centered>
        {setup.data && (
          <Stack align="center">
            <Text size="sm" c="dimmed" ta="center">
              {t('profile.totpSetupText')}
            </Text>
            <Image
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`}
              alt={t('profile.totpQr')}
              w={200}
              h={200}
              data-testid="totp-qr"
            />
            <Text size="xs" c="dimmed">
              {t('profile.totpSecret')}
            </Text>
            <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
              {setup.data.secret}
            </Code>
            <Text size="sm" fw={500}>
              {t('profile.totpCode')}
            </Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              error={Boolean(enable.error)}
              onChange={(value) => {
                setCode(value);
                enable.reset();
              }}
              onComplete={(value) => enable.mutate(value)}
              aria-label={t('profile.totpCode')}
              data-testid="totp-code"
            />
            {enable.error && (
              <Text c="red" size="sm" ta="center" data-testid="totp-code-wrong">
                {errorText(enable.error, t('profile.codeWrong'))}
              </Text>
            )}
          </Stack>
        )}
      </Modal>
      <RecoveryCodesModal
        codes={codes}
        onClose={() => {
          setCodes(null);
          onEnabled();
        }}
      />
    </>
  );
}

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
    mutationFn: () => api('users/totp/off', { body: { password } }),
    onSuccess: () => {
      setConfirmOff(false);
      refresh();
    },
  });
  const again = useMutation({
    mutationFn: () => api<RecoveryCodesResponse>('users/recovery-codes', { body: { password } }),
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
            {mutation.error && !(mutation.error instanceof ApiError && mutation.error.fields.password) && (
              <Alert color="red" variant="light" role="alert">
                {errorText(mutation.error, t('common.actionFailed'))}
              </Alert>
            )}
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
