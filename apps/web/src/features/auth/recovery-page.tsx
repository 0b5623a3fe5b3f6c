import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '../../shared/api/client';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { validateEmail } from '../../shared/validation';
import { AuthScreen } from './auth-screen';

export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched ? validateEmail(email) : null;
  const mutation = useMutation({
    mutationFn: () => call('POST /users/password/recovery', { body: { email: email.trim() } }),
    onSuccess: () => navigate('/recovery-success'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!validateEmail(email)) mutation.mutate();
  };
  return (
    <AuthScreen title={t('auth.recoveryTitle')}>
      <Text size="sm" c="dimmed">
        {t('auth.recoveryHint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
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
          <ApiErrorAlert error={mutation.error} />
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            {t('auth.sendLink')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthScreen>
  );
}

export function RecoverySuccessPage() {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t('auth.recoverySuccessTitle')}>
      <Text>{t('auth.recoverySuccessText')}</Text>
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthScreen>
  );
}
