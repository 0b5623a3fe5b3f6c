import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DataProfile } from '@portal/contract/profile';
import { formatPhone, normalizePhone } from '@portal/contract/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/queries';
import { formatDate } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { PhoneInput } from '../../shared/ui/phone-input';
import { StepUpModal, stepUpFieldError } from '../../shared/ui/step-up';
import { validateEmail, validatePhone } from '../../shared/validation';
import { RequestChangeModal } from './request-change-modal';

export function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/** Only the fields whose value changed go to the server. */
export function changedFields(
  profile: Pick<DataProfile, 'email' | 'phone'>,
  form: { email: string; phone: string },
) {
  const changes: { email?: string; phone?: string } = {};
  if (form.email.trim() !== (profile.email ?? '')) changes.email = form.email.trim();
  if (normalizePhone(form.phone) !== profile.phone) changes.phone = form.phone;
  return changes;
}

export function BaseDataBlock() {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [form, setForm] = useState({ email: '', phone: '' });
  const [touched, setTouched] = useState(false);
  const closeRequest = useCallback(() => setRequesting(false), []);
  const en = i18n.language === 'en';

  const startEditing = () => {
    setForm({ email: profile.email ?? '', phone: profile.phone ? formatPhone(profile.phone) : '' });
    setTouched(false);
    setEditing(true);
  };
  // An e-mail or phone change is confirmed with the current password: asked in a modal.
  const [pending, setPending] = useState<{ email?: string; phone?: string } | null>(null);
  const save = useMutation({
    mutationFn: (changes: { email?: string; phone?: string; password: string }) =>
      call('POST /users/profile', { body: changes }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.profile, data);
      setPending(null);
      setEditing(false);
    },
    onError: (error) => {
      if (!stepUpFieldError(error)) setPending(null);
    },
  });
  const emailError = touched ? validateEmail(form.email) : null;
  const phoneError = touched ? validatePhone(form.phone) : null;
  const submit = () => {
    setTouched(true);
    if (validateEmail(form.email) || validatePhone(form.phone)) return;
    const changes = changedFields(profile, form);
    if (Object.keys(changes).length === 0) setEditing(false);
    else {
      save.reset();
      setPending(changes);
    }
  };
  const serverFields =
    save.error instanceof ApiError && !stepUpFieldError(save.error) ? save.error.fields : {};

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h4">
          {t('profile.baseData')}
        </Title>
        {!editing && (
          <Group gap={6}>
            <Button variant="default" size="xs" onClick={startEditing} data-testid="edit-profile">
              {t('common.edit')}
            </Button>
            <Button
              variant="light"
              size="xs"
              onClick={() => setRequesting(true)}
              data-testid="request-base-change"
            >
              {t('profile.requestChange')}
            </Button>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={t('profile.name')} value={profile.name} />
        <Field
          label={t('profile.contract')}
          value={
            profile.contractNumber
              ? t('profile.contractValue', {
                  number: profile.contractNumber,
                  date: formatDate(profile.contractDate, en ? 'en' : 'ru'),
                })
              : null
          }
        />
        <Field
          label={t('profile.organizationType')}
          value={en ? profile.organizationType.nameEn : profile.organizationType.name}
        />
        {editing ? (
          <>
            <PhoneInput
              label={t('profile.phone')}
              value={form.phone}
              onChange={(phone) => setForm((f) => ({ ...f, phone }))}
              error={phoneError ? t(phoneError) : serverFields.phone}
              required
              name="phone"
            />
            <TextInput
              label={t('profile.email')}
              type="email"
              value={form.email}
              onChange={(e) => {
                const email = e.currentTarget.value;
                setForm((f) => ({ ...f, email }));
              }}
              error={emailError ? t(emailError) : serverFields.email}
              required
              name="email"
            />
          </>
        ) : (
          <>
            <Field label={t('profile.phone')} value={profile.phone ? formatPhone(profile.phone) : null} />
            <Field label={t('profile.email')} value={profile.email} />
          </>
        )}
      </SimpleGrid>
      {editing && (
        <Stack mt="md" gap="sm">
          {!pending && !Object.keys(serverFields).length && <ApiErrorAlert error={save.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending} data-testid="save-profile">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      )}
      <RequestChangeModal kind="base_data" opened={requesting} onClose={closeRequest} />
      <StepUpModal
        opened={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={(password) => pending && save.mutate({ ...pending, password })}
        pending={save.isPending}
        error={save.error}
      />
    </Paper>
  );
}
