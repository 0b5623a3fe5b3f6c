import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import type { CodeChallenge } from '@portal/contract/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, call } from '../../shared/api/client';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { validatePassword, validateRepeat } from '../../shared/validation';
import { AuthScreen } from './auth-screen';
import { codeReady } from './code-ready';
import { CodeStep } from './lazy-code-step';
import { authQueries } from './queries';
import { useSignedIn } from './use-signed-in';

/**
 * /activation/{link} (sign-up) and /recovery/{link}: set the password through the link and sign in. With two-factor
 * on, the server first answers which code it needs; the code step then appears and the same call repeats
 * with it, so no session is issued without the second factor. The link is checked as the page opens: a
 * dead one (expired, used, mistyped) shows that it no longer works and the way to a new one instead of the form.
 */
export function SetPasswordPage({ kind }: { kind: 'signup' | 'recovery' }) {
  const { link = '' } = useParams();
  const status = useQuery(authQueries.linkStatus(kind, link));
  if (status.data?.valid === false) return <DeadLink kind={kind} />;
  // A check that failed (a refused or lost call) leaves the form: sending it tells the same.
  if (status.isPending) return <CheckingLink kind={kind} />;
  return <SetPasswordForm kind={kind} link={link} />;
}

const titleKey = (kind: 'signup' | 'recovery') =>
  kind === 'signup' ? 'auth.createPasswordTitle' : 'auth.newPasswordTitle';
const screenId = (kind: 'signup' | 'recovery') =>
  kind === 'signup' ? 'password-create-sign-up' : 'password-create-recovery';

function CheckingLink({ kind }: { kind: 'signup' | 'recovery' }) {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t(titleKey(kind))}>
      <Center py="md" role="status" aria-live="polite">
        <Loader size="sm" aria-label={t('auth.linkChecking')} />
      </Center>
    </AuthScreen>
  );
}

/** The link no longer works: say so, and the next step is a new link (sign-up again or password recovery). */
function DeadLink({ kind }: { kind: 'signup' | 'recovery' }) {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t('auth.linkDeadTitle')}>
      <Text size="sm" data-testid="link-dead">
        {t(kind === 'signup' ? 'auth.linkDeadSignUp' : 'auth.linkDeadRecovery')}
      </Text>
      <Button
        component={Link}
        to={kind === 'signup' ? '/sign-up' : '/password-recovery'}
        fullWidth
        size="md"
        data-testid="link-dead-next"
      >
        {t('auth.requestNewLink')}
      </Button>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthScreen>
  );
}

function SetPasswordForm({ kind, link }: { kind: 'signup' | 'recovery'; link: string }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const [challenge, setChallenge] = useState<CodeChallenge | null>(null);
  const [code, setCode] = useState('');
  const passwordError = touched ? validatePassword(password) : null;
  const repeatError = touched ? validateRepeat(password, repeat) : null;
  const mutation = useMutation({
    mutationFn: () =>
      call(kind === 'signup' ? 'POST /users/information' : 'POST /users/password/fill', {
        body: { link, password, ...(challenge ? { code: code.trim() } : {}) },
      }),
    onSuccess: (response) => {
      if ('codeRequired' in response) setChallenge(response);
      else signedIn(response);
    },
  });
  // A server message about the password (too common, equal to the login) shows on the field.
  const serverPasswordError =
    mutation.error instanceof ApiError ? (mutation.error.fields.password ?? null) : null;
  const codeError = mutation.error instanceof ApiError ? (mutation.error.fields.code ?? null) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validatePassword(password) || validateRepeat(password, repeat) || !codeReady(challenge, code)) return;
    mutation.mutate();
  };
  return (
    <AuthScreen title={t(titleKey(kind))} id={screenId(kind)}>
      <Text size="sm" c="dimmed">
        {t('auth.passwordRuleHint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('auth.passwordLabel')}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setChallenge(null);
            }}
            error={passwordError ? t(passwordError) : serverPasswordError}
            readOnly={challenge !== null}
            autoComplete="new-password"
            name="password"
            required
          />
          <PasswordInput
            label={t('auth.repeatPasswordLabel')}
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={repeatError ? t(repeatError) : null}
            autoComplete="new-password"
            name="repeat"
            required
          />
          {challenge && <CodeStep challenge={challenge} code={code} onChange={setCode} />}
          {codeError && (
            <Alert color="red" variant="light" role="alert" data-testid="code-error">
              {codeError}
            </Alert>
          )}
          {!serverPasswordError && !codeError && (
            <ApiErrorAlert error={mutation.error} data-testid="set-password-error">
              {' '}
              <Anchor component={Link} to={kind === 'signup' ? '/sign-up' : '/password-recovery'} size="sm">
                {t(kind === 'signup' ? 'auth.toSignUp' : 'auth.recoveryTitle')}
              </Anchor>
            </ApiErrorAlert>
          )}
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            {t(kind === 'signup' ? 'auth.enterAccount' : 'auth.savePassword')}
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
