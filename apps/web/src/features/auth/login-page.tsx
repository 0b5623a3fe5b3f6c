import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { CodeChallenge } from '@portal/contract/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../shared/api/client';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { validateLogin } from '../../shared/validation';
import { AuthScreen } from './auth-screen';
import { Captcha } from './captcha';
import { codeReady } from './code-ready';
import { CodeStep } from './lazy-code-step';
import { authQueries } from './queries';
import { useSignedIn } from './use-signed-in';

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<CodeChallenge | null>(null);
  const [touched, setTouched] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | undefined>();
  const onToken = useCallback((token: string | undefined) => setCaptchaToken(token), []);
  const [captchaReset, setCaptchaReset] = useState(0);
  const demo = useQuery(authQueries.demoAccounts());

  const loginError = touched ? validateLogin(login) : null;
  const passwordError = touched && !password ? 'validation.passwordRequired' : null;

  const mutation = useMutation({
    mutationFn: () =>
      call('POST /authenticate', {
        body: { login: login.trim(), password, captchaToken, ...(challenge ? { code: code.trim() } : {}) },
      }),
    onSuccess: (response) => {
      // A new challenge (say, the second factor after the mailed code) starts with an empty code.
      if ('codeRequired' in response) {
        setChallenge(response);
        setCode('');
      } else signedIn(response);
    },
    // The captcha token was spent on this try: the widget asks again.
    onError: () => setCaptchaReset((n) => n + 1),
  });

  // «Resend code»: the same sign-in without a code makes the server send a new one.
  const resend = useMutation({
    mutationFn: () => call('POST /authenticate', { body: { login: login.trim(), password, captchaToken } }),
    onSuccess: (response) => {
      if ('codeRequired' in response) setChallenge(response);
      setCode('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validateLogin(login) || !password || !codeReady(challenge, code)) return;
    mutation.mutate();
  };

  return (
    <AuthScreen title={t('auth.loginTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.loginLabel')}
            placeholder={t('auth.loginPlaceholder')}
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
            error={loginError ? t(loginError) : null}
            autoComplete="username"
            name="login"
            required
          />
          <PasswordInput
            label={t('auth.passwordLabel')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={passwordError ? t(passwordError) : null}
            autoComplete="current-password"
            name="password"
            required
          />
          {challenge && (
            <CodeStep
              challenge={challenge}
              code={code}
              onChange={setCode}
              onResend={challenge.method !== 'totp' && !resend.isPending ? () => resend.mutate() : undefined}
            />
          )}
          <Captcha onToken={onToken} language={i18n.language} resetSignal={captchaReset} />
          <ApiErrorAlert error={mutation.error} data-testid="login-error" />
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            {t('auth.signIn')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/password-recovery" size="sm">
              {t('auth.forgotPassword')}
            </Anchor>
            <Anchor component={Link} to="/sign-up" size="sm">
              {t('auth.toSignUp')}
            </Anchor>
          </Group>
        </Stack>
      </form>
      {demo.data && demo.data.accounts.length > 0 && (
        <Stack gap={6} className="demo-accounts" data-testid="demo-accounts">
          <Text size="sm" fw={600}>
            {t('auth.demoTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('auth.demoHint')}
          </Text>
          {demo.data.accounts.map((account) => (
            <UnstyledButton
              key={account.login}
              className="demo-account"
              onClick={() => {
                setLogin(account.login);
                setPassword(account.password);
              }}
            >
              <Text size="sm" fw={500}>
                {account.login} / {account.password}
              </Text>
              <Text size="xs" c="dimmed">
                {i18n.language === 'en' ? account.descriptionEn : account.description}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </AuthScreen>
  );
}
