import { Button, Code, Image, Modal, PinInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { ApiErrorAlert } from './api-error-alert';
import { StepUpModal } from './step-up';

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
 * Turning the authenticator app on: first the current password (a stolen session alone must not enrol a factor),
 * then a QR code of the otpauth URI (drawn by the server as SVG) and the key, then the app's first code, sent with
 * the password again; the ten recovery codes are shown once. Used in the profile and by the console's enrolment.
 */
export function TotpSetupButton({ onEnabled }: { onEnabled: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const setup = useMutation({
    mutationFn: (value: string) => call('POST /users/totp/setup', { body: { password: value } }),
    onSuccess: () => {
      setAsking(false);
      setCode('');
    },
  });
  const enable = useMutation({
    mutationFn: (value: string) => call('POST /users/totp/enable', { body: { code: value, password } }),
    onSuccess: (data) => {
      setup.reset();
      setPassword('');
      setCodes(data.recoveryCodes);
    },
  });
  const close = () => {
    setAsking(false);
    setPassword('');
    setup.reset();
    enable.reset();
  };
  return (
    <>
      <Button
        variant="light"
        onClick={() => {
          setup.reset();
          setAsking(true);
        }}
        data-testid="totp-on"
      >
        {t('profile.turnOn')}
      </Button>
      <StepUpModal
        opened={asking}
        onClose={close}
        onConfirm={(value) => {
          setPassword(value);
          setup.mutate(value);
        }}
        pending={setup.isPending}
        error={setup.error}
        text={t('profile.totpPasswordText')}
      />
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
            <ApiErrorAlert
              error={enable.error}
              fallback={t('profile.codeWrong')}
              inline
              ta="center"
              data-testid="totp-code-wrong"
            />
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
