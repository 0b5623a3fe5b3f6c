import { Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { AUTH_CODE_RESEND_SECONDS } from '@portal/contract/constants';
import { formatPhone } from '@portal/contract/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/queries';
import { useSession } from '../../shared/session/session';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { StepUpModal, StepUpPasswordInput, stepUpFieldError } from '../../shared/ui/step-up';
import { useCountdown } from '../../shared/ui/timed';
import { SettingRow } from './setting-row';

type Step = 'idle' | 'password' | 'code' | 'on' | 'confirmOff' | 'off';

/**
 * Two-factor sign-in: the current password, then a code to the account's own phone, the six digits (resend after
 * 30 s), success; and turning it off with the password.
 */
export function TwoFactor() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('idle');
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState(false);
  const [password, setPassword] = useState('');
  const [secondsLeft, restartCountdown] = useCountdown(AUTH_CODE_RESEND_SECONDS);
  const phone = profile.phone ?? '';

  const send = useMutation({
    mutationFn: (value: string) =>
      call('POST /users/authentification/code/send', { body: { phone, password: value } }),
    onSuccess: () => {
      setStep('code');
      setCode('');
      setWrong(false);
      restartCountdown();
    },
  });
  const check = useMutation({
    mutationFn: (value: string) =>
      call('POST /users/authentification/code', { body: { code: value, phone, password } }),
    onSuccess: () => {
      setStep('on');
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    },
    onError: () => setWrong(true),
  });
  const off = useMutation({
    mutationFn: () => call('POST /users/authentification/off', { body: { password } }),
    onSuccess: () => {
      setStep('off');
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    },
  });
  const close = () => {
    setStep('idle');
    setPassword('');
    send.reset();
    off.reset();
  };
  return (
    <Stack gap="xs">
      <SettingRow
        title={t('profile.twoFactor')}
        text={
          profile.twoFactorEnabled
            ? t('profile.twoFactorOnText', { phone: formatPhone(phone) })
            : t('profile.twoFactorOffText')
        }
        action={
          profile.twoFactorEnabled ? (
            <Button
              variant="light"
              color="red"
              onClick={() => {
                setPassword('');
                off.reset();
                setStep('confirmOff');
              }}
              data-testid="two-factor-off"
            >
              {t('profile.turnOff')}
            </Button>
          ) : (
            <Button
              variant="light"
              onClick={() => {
                send.reset();
                setStep('password');
              }}
              disabled={!phone}
              data-testid="two-factor-on"
            >
              {t('profile.turnOn')}
            </Button>
          )
        }
      />
      <StepUpModal
        opened={step === 'password'}
        onClose={close}
        onConfirm={(value) => {
          setPassword(value);
          send.mutate(value);
        }}
        pending={send.isPending}
        error={send.error}
        text={t('profile.twoFactorPasswordText', { phone: formatPhone(phone) })}
      />
      <Modal opened={step === 'code'} onClose={close} title={t('profile.codeTitle')} centered>
        <Stack align="center">
          <Text size="sm" c="dimmed" ta="center">
            {t('profile.codeText', { phone: formatPhone(phone) })}
          </Text>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            value={code}
            error={wrong}
            onChange={(value) => {
              setCode(value);
              setWrong(false);
            }}
            onComplete={(value) => check.mutate(value)}
            aria-label={t('profile.codeTitle')}
            data-testid="code-input"
          />
          {wrong && (
            <Text c="red" size="sm" ta="center" data-testid="code-wrong">
              {check.error instanceof ApiError && check.error.code !== 'code_invalid'
                ? check.error.message
                : t('profile.codeWrong')}
            </Text>
          )}
          <ApiErrorAlert error={send.error} fallback={t('common.actionFailed')} inline ta="center" />
          {secondsLeft > 0 ? (
            <Text size="sm" c="dimmed" data-testid="resend-countdown">
              {t('profile.resendIn', { seconds: secondsLeft })}
            </Text>
          ) : (
            <Button
              variant="subtle"
              onClick={() => send.mutate(password)}
              loading={send.isPending}
              data-testid="resend-code"
            >
              {t('profile.resend')}
            </Button>
          )}
        </Stack>
      </Modal>
      <Modal opened={step === 'on'} onClose={close} title={t('profile.twoFactorOnTitle')} centered>
        <Stack>
          <Text data-testid="two-factor-on-done">{t('profile.twoFactorOnDone')}</Text>
          <Button onClick={close}>{t('common.ok')}</Button>
        </Stack>
      </Modal>
      <Modal opened={step === 'confirmOff'} onClose={close} title={t('profile.twoFactorOffConfirm')} centered>
        <StepUpPasswordInput value={password} onChange={setPassword} error={off.error} />
        {!stepUpFieldError(off.error) && (
          <ApiErrorAlert error={off.error} fallback={t('common.actionFailed')} inline mb="sm" />
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => password && off.mutate()}
            disabled={!password}
            loading={off.isPending}
            data-testid="two-factor-off-confirm"
          >
            {t('profile.turnOff')}
          </Button>
        </Group>
      </Modal>
      <Modal opened={step === 'off'} onClose={close} title={t('profile.twoFactorOffTitle')} centered>
        <Stack>
          <Text>{t('profile.twoFactorOffDone')}</Text>
          <Button onClick={close}>{t('common.ok')}</Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
