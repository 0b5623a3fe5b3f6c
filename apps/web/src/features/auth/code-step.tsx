import { Anchor, PinInput, Stack, Text, TextInput } from '@mantine/core';
import type { CodeChallenge } from '@portal/contract/auth';
import { AUTH_CODE_RESEND_SECONDS } from '@portal/contract/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../shared/ui/timed';

/**
 * The second step of sign-in and of a recovery or activation link with two-factor on: the SMS code (six digits),
 * or the authenticator app's code, where a recovery code may be typed instead. At sign-in it is also the code mailed
 * to the account (method `email`) when the account has had many failed sign-ins and this device is new to it.
 */
export function CodeStep({
  challenge,
  code,
  onChange,
  onResend,
}: {
  challenge: CodeChallenge;
  code: string;
  onChange: (code: string) => void;
  /** Sends the SMS or mailed code again: offered 30 s after the last one was sent. */
  onResend?: () => void;
}) {
  const { t } = useTranslation();
  // A sent code can be sent again 30 s after it (the server sends no sooner); each new challenge restarts the wait.
  const [secondsLeft, restartCountdown] = useCountdown(AUTH_CODE_RESEND_SECONDS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart on every new challenge the server answers
  useEffect(() => restartCountdown(), [challenge]);
  if (challenge.method === 'totp') {
    return (
      <TextInput
        label={t('auth.totpTitle')}
        description={t('auth.totpHint')}
        value={code}
        onChange={(e) => onChange(e.currentTarget.value)}
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={11}
        name="code"
        data-testid="totp-login-code"
        autoFocus
      />
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('auth.codeTitle')}
      </Text>
      {challenge.method === 'email' ? (
        <>
          <Text size="xs" c="dimmed" data-testid="code-sent-to">
            {t('auth.emailCodeSentTo', { email: challenge.email ?? '' })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('auth.emailCodeWhy')}
          </Text>
        </>
      ) : (
        <Text size="xs" c="dimmed" data-testid="code-sent-to">
          {t('auth.codeSentTo', { phone: challenge.phone ?? '' })}
        </Text>
      )}
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        value={code}
        onChange={onChange}
        aria-label={t('auth.codeTitle')}
      />
      {onResend &&
        (secondsLeft > 0 ? (
          <Text size="sm" c="dimmed" data-testid="resend-countdown">
            {t('auth.resendCodeIn', { seconds: secondsLeft })}
          </Text>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={onResend} data-testid="resend-code">
            {t('auth.resendCode')}
          </Anchor>
        ))}
    </Stack>
  );
}
