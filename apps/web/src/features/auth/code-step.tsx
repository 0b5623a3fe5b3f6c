import { Anchor, PinInput, Stack, Text, TextInput } from '@mantine/core';
import type { CodeChallenge } from '@portal/contract/auth';
import { useTranslation } from 'react-i18next';

/**
 * The second step of sign-in and of a recovery or activation link with two-factor on: the SMS code (six digits),
 * or the authenticator app's code, where a recovery code may be typed instead.
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
  /** Sends the SMS code again (issue 17: the sign-in code step had no «resend code»). */
  onResend?: () => void;
}) {
  const { t } = useTranslation();
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
      <Text size="xs" c="dimmed">
        {t('auth.codeSentTo', { phone: challenge.phone ?? '' })}
      </Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        value={code}
        onChange={onChange}
        aria-label={t('auth.codeTitle')}
      />
      {onResend && (
        <Anchor component="button" type="button" size="sm" onClick={onResend} data-testid="resend-code">
          {t('auth.resendCode')}
        </Anchor>
      )}
    </Stack>
  );
}
