import { Anchor, Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '../../shared/api/client';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { PhoneInput } from '../../shared/ui/phone-input';
import { validateEmail, validatePhone } from '../../shared/validation';
import { AuthScreen } from './auth-screen';
import { Captcha } from './captcha';

export function SignUpPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [by, setBy] = useState<'email' | 'phone'>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | undefined>();
  const onToken = useCallback((token: string | undefined) => setCaptchaToken(token), []);
  const [captchaReset, setCaptchaReset] = useState(0);
  const error = touched ? (by === 'email' ? validateEmail(email) : validatePhone(phone)) : null;
  const mutation = useMutation({
    mutationFn: () =>
      call('POST /users/registration', {
        body: by === 'email' ? { email: email.trim(), captchaToken } : { phone, captchaToken },
      }),
    onSuccess: () => navigate('/sign-up-success'),
    onError: () => setCaptchaReset((n) => n + 1),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (by === 'email' ? validateEmail(email) : validatePhone(phone)) return;
    mutation.mutate();
  };
  return (
    <AuthScreen title={t('auth.signUpTitle')}>
      <Text size="sm" c="dimmed">
        {t('auth.signUpHint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            value={by}
            onChange={(value) => setBy(value === 'phone' ? 'phone' : 'email')}
            data={[
              { value: 'email', label: t('auth.byEmail') },
              { value: 'phone', label: t('auth.byPhone') },
            ]}
          />
          {by === 'email' ? (
            <TextInput
              label={t('auth.emailLabel')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error ? t(error) : null}
              autoComplete="email"
              name="email"
              required
            />
          ) : (
            <PhoneInput
              label={t('auth.phoneLabel')}
              value={phone}
              onChange={setPhone}
              error={error ? t(error) : null}
              name="phone"
              required
            />
          )}
          <Captcha onToken={onToken} language={i18n.language} resetSignal={captchaReset} />
          <ApiErrorAlert error={mutation.error} />
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            {t('auth.signUp')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.toLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthScreen>
  );
}

export function SignUpSuccessPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t('auth.signUpSuccessTitle')}>
      <Text>{t('auth.signUpSuccessText')}</Text>
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthScreen>
  );
}
