import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import type { StaffMember } from '@portal/contract/backoffice-staff';
import type { StaffRoleCode } from '@portal/contract/constants';
import { formatPhone } from '@portal/contract/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EmptyState } from '../../../shared/ui/page-state';
import { PhoneInput } from '../../../shared/ui/phone-input';
import { validateEmail, validatePhone } from '../../../shared/validation';
import { AccountStatusBadge } from '../account-status-badge';
import { ResendInvitation } from '../company/resend-invitation';
import { ConfirmDialog } from '../confirm-dialog';
import { FormModal } from '../form-modal';
import { ConsolePage, DataTable, ListPage } from '../list-page';
import { useBackofficeMe } from '../queries';
import { useStaff, useStaffMutations } from './queries';

type Notice = { key: string; email?: string };

/** Managers and admins of the console: an admin creates, edits, deactivates and reactivates them. */
export function StaffPage() {
  const { t } = useTranslation();
  const me = useBackofficeMe();
  const isAdmin = me.data?.roles.includes('ADMIN') ?? false;
  const staff = useStaff(isAdmin);
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const mutations = useStaffMutations();

  if (me.data && !isAdmin)
    return (
      <ConsolePage title={t('backofficeStaff.title')}>
        <EmptyState title={t('backofficeStaff.adminsOnly')} />
      </ConsolePage>
    );

  const actions = (member: StaffMember) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {member.status === 'invited' && <ResendInvitation userId={member.id} />}
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          setNotice(null);
          setEditing(member);
        }}
      >
        {t('backofficeStaff.edit')}
      </Button>
      {member.status === 'deactivated' ? (
        <Button
          size="xs"
          variant="light"
          loading={mutations.reactivate.isPending && mutations.reactivate.variables === member.id}
          onClick={() =>
            mutations.reactivate.mutate(member.id, { onSuccess: () => setNotice({ key: 'reactivated' }) })
          }
        >
          {t('backofficeStaff.reactivate')}
        </Button>
      ) : (
        member.id !== me.data?.userId && (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => {
              setNotice(null);
              setDeactivating(member);
            }}
          >
            {t('backofficeStaff.deactivate')}
          </Button>
        )
      )}
    </Group>
  );

  return (
    <>
      <ListPage
        title={t('backofficeStaff.title')}
        actions={
          <Button
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
            disabled={!isAdmin}
          >
            {t('backofficeStaff.create')}
          </Button>
        }
        notice={
          <>
            {notice && (
              <Alert color="green" withCloseButton onClose={() => setNotice(null)} role="status">
                {t(`backofficeStaff.${notice.key}`, { email: notice.email })}
              </Alert>
            )}
            <ApiErrorAlert error={mutations.reactivate.error} />
          </>
        }
        query={staff}
        also={[me]}
        empty={(data) => (data.items.length === 0 ? { title: t('backofficeStaff.empty') } : null)}
      >
        {(data) => (
          <DataTable
            rows={data.items}
            rowKey={(member) => member.id}
            label={t('backofficeStaff.title')}
            minWidth={900}
            testId="staff-table"
            rowTestId={(member) => `staff-${member.id}`}
            columns={[
              {
                key: 'name',
                header: t('backofficeStaff.name'),
                minWidth: 160,
                cell: (member) => (
                  <>
                    <Text size="sm" fw={500}>
                      {member.name}
                      {member.id === me.data?.userId && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          ({t('backofficeStaff.you')})
                        </Text>
                      )}
                    </Text>
                    {member.nameEn !== member.name && (
                      <Text size="xs" c="dimmed">
                        {member.nameEn}
                      </Text>
                    )}
                  </>
                ),
              },
              {
                key: 'contacts',
                header: t('backofficeStaff.contacts'),
                cell: (member) => (
                  <>
                    <Text size="sm">{member.email ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {member.phone ? formatPhone(member.phone) : ''}
                    </Text>
                  </>
                ),
              },
              {
                key: 'role',
                header: t('backofficeStaff.role'),
                minWidth: 220,
                cell: (member) => (
                  <Group gap={4} wrap="nowrap">
                    {member.roles.map((role) => (
                      <Badge key={role} variant="light" miw="max-content">
                        {t(`backoffice.roles.${role}`)}
                      </Badge>
                    ))}
                    {member.isDefault && (
                      <Badge variant="outline" color="teal" miw="max-content">
                        {t('backofficeStaff.defaultBadge')}
                      </Badge>
                    )}
                  </Group>
                ),
              },
              { key: 'clients', header: t('backofficeStaff.clients'), cell: (member) => member.clientCount },
              {
                key: 'status',
                header: t('backofficeStaff.status'),
                cell: (member) => (
                  <AccountStatusBadge
                    status={member.status}
                    label={t(`backofficeStaff.statuses.${member.status}`)}
                  />
                ),
              },
              { key: 'actions', cell: actions },
            ]}
          />
        )}
      </ListPage>
      {editing && (
        <StaffModal
          member={editing === 'new' ? null : editing}
          isSelf={editing !== 'new' && editing.id === me.data?.userId}
          onClose={() => setEditing(null)}
          onDone={(next) => {
            setEditing(null);
            setNotice(next);
          }}
        />
      )}
      {deactivating && staff.data && (
        <DeactivateModal
          member={deactivating}
          staff={staff.data.items}
          onClose={() => setDeactivating(null)}
          onDone={() => {
            setDeactivating(null);
            setNotice({ key: 'deactivated' });
          }}
        />
      )}
    </>
  );
}

type FormValues = {
  name: string;
  nameEn: string;
  email: string;
  phone: string;
  role: StaffRoleCode;
  isDefault: boolean;
  locale: 'ru' | 'en';
};

function initialValues(member: StaffMember | null): FormValues {
  if (!member) {
    return { name: '', nameEn: '', email: '', phone: '', role: 'MANAGER', isDefault: false, locale: 'ru' };
  }
  return {
    name: member.name,
    nameEn: member.nameEn === member.name ? '' : member.nameEn,
    email: member.email ?? '',
    phone: member.phone ? formatPhone(member.phone) : '',
    role: member.roles.includes('ADMIN') ? 'ADMIN' : 'MANAGER',
    isDefault: member.isDefault,
    locale: member.locale,
  };
}

function StaffModal({
  member,
  isSelf,
  onClose,
  onDone,
}: {
  member: StaffMember | null;
  isSelf: boolean;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}) {
  const { t } = useTranslation();
  const { create, update } = useStaffMutations();
  const [values, setValues] = useState<FormValues>(() => initialValues(member));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = member ? update : create;
  const serverError = mutation.error instanceof ApiError ? mutation.error : null;
  const shown: Record<string, string | undefined> = { ...serverError?.fields, ...errors };
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const submit = () => {
    const found: Record<string, string> = {};
    if (!values.name.trim()) found.name = t('validation.required');
    const emailError = validateEmail(values.email);
    if (emailError) found.email = t(emailError);
    const phoneError = validatePhone(values.phone);
    if (phoneError) found.phone = t(phoneError);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      name: values.name.trim(),
      nameEn: values.nameEn.trim(),
      email: values.email.trim(),
      phone: values.phone,
      role: values.role,
      isDefault: values.role === 'MANAGER' && values.isDefault,
      locale: values.locale,
    };
    if (member) {
      update.mutate({ id: member.id, ...body }, { onSuccess: () => onDone({ key: 'saved' }) });
    } else {
      create.mutate(body, { onSuccess: () => onDone({ key: 'created', email: body.email }) });
    }
  };

  return (
    <FormModal
      size="lg"
      title={t(member ? 'backofficeStaff.editTitle' : 'backofficeStaff.createTitle')}
      intro={member ? undefined : t('backofficeStaff.createHint')}
      saving={mutation}
      submitLabel={t(member ? 'common.save' : 'backofficeStaff.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('backofficeStaff.name')}
          required
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={shown.name}
          maxLength={100}
          data-autofocus
        />
        <TextInput
          label={t('backofficeStaff.nameEn')}
          description={t('backofficeStaff.nameEnHint')}
          value={values.nameEn}
          onChange={(event) => set('nameEn', event.currentTarget.value)}
          error={shown.nameEn}
          maxLength={100}
        />
        <TextInput
          label={t('backofficeStaff.email')}
          type="email"
          required
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={shown.email}
        />
        <PhoneInput
          label={t('backofficeStaff.phone')}
          required
          value={values.phone}
          onChange={(value) => set('phone', value)}
          error={shown.phone}
        />
        <NativeSelect
          label={t('backofficeStaff.role')}
          value={values.role}
          onChange={(event) => set('role', event.currentTarget.value as StaffRoleCode)}
          disabled={isSelf}
          description={isSelf ? t('backofficeStaff.ownRole') : undefined}
          error={shown.role}
          data={[
            { value: 'MANAGER', label: t('backoffice.roles.MANAGER') },
            { value: 'ADMIN', label: t('backoffice.roles.ADMIN') },
          ]}
          data-testid="staff-role"
        />
        <NativeSelect
          label={t('backofficeStaff.locale')}
          value={values.locale}
          onChange={(event) => set('locale', event.currentTarget.value as 'ru' | 'en')}
          data={[
            { value: 'ru', label: 'Русский' },
            { value: 'en', label: 'English' },
          ]}
        />
      </SimpleGrid>
      <Checkbox
        label={t('backofficeStaff.isDefault')}
        description={t('backofficeStaff.isDefaultHint')}
        checked={values.role === 'MANAGER' && values.isDefault}
        disabled={values.role !== 'MANAGER'}
        onChange={(event) => set('isDefault', event.currentTarget.checked)}
        error={shown.isDefault}
      />
    </FormModal>
  );
}

/** The managers who can take clients: active ones with the MANAGER role, other than the one leaving. */
function managerOptions(staff: StaffMember[], leaving: StaffMember) {
  return staff.filter(
    (item) =>
      item.id !== leaving.id &&
      item.managerId !== null &&
      item.status !== 'deactivated' &&
      item.roles.includes('MANAGER'),
  );
}

function DeactivateModal({
  member,
  staff,
  onClose,
  onDone,
}: {
  member: StaffMember;
  staff: StaffMember[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { deactivate } = useStaffMutations();
  const options = managerOptions(staff, member);
  const [managerId, setManagerId] = useState('');
  const [defaultManagerId, setDefaultManagerId] = useState('');
  const serverError = deactivate.error instanceof ApiError ? deactivate.error : null;
  const data = [
    { value: '', label: t('backofficeStaff.chooseManager') },
    ...options.map((item) => ({ value: String(item.managerId), label: item.name })),
  ];
  const hasManagerRow = member.managerId !== null;
  return (
    <ConfirmDialog
      title={t('backofficeStaff.deactivateTitle')}
      text={t('backofficeStaff.deactivateText', { name: member.name })}
      confirmLabel={t('backofficeStaff.deactivate')}
      action={deactivate}
      onConfirm={() =>
        deactivate.mutate(
          {
            id: member.id,
            managerId: managerId ? Number(managerId) : null,
            defaultManagerId: defaultManagerId ? Number(defaultManagerId) : null,
          },
          { onSuccess: onDone },
        )
      }
      onClose={onClose}
    >
      {hasManagerRow && (
        <>
          <Text size="sm">{t('backofficeStaff.clientsMove', { number: member.clientCount })}</Text>
          {options.length === 0 && <Alert color="yellow">{t('backofficeStaff.noManagers')}</Alert>}
          <NativeSelect
            label={t('backofficeStaff.moveTo')}
            value={managerId}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setManagerId(value);
              if (member.isDefault && !defaultManagerId) setDefaultManagerId(value);
            }}
            data={data}
            error={serverError?.fields.managerId}
            data-testid="staff-move-to"
          />
          {member.isDefault && (
            <NativeSelect
              label={t('backofficeStaff.newDefault')}
              description={t('backofficeStaff.newDefaultHint')}
              value={defaultManagerId}
              onChange={(event) => setDefaultManagerId(event.currentTarget.value)}
              data={data}
              error={serverError?.fields.defaultManagerId}
              data-testid="staff-new-default"
            />
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
