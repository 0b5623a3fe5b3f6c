import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { OwnerUpdate } from '@portal/contract/backoffice';
import { ORGANIZATION_TYPES, type OrganizationTypeCode, ROLE_CODES } from '@portal/contract/constants';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { PhoneInput } from '../../../shared/ui/phone-input';
import { validateEmail, validatePhone } from '../../../shared/validation';
import { useBackofficeMe, useCatalogue } from '../queries';

export type OwnerFormValues = {
  lastName: string;
  firstName: string;
  middleName: string;
  email: string;
  phone: string;
  contractNumber: string;
  contractDate: string;
  organizationType: OrganizationTypeCode;
  locale: 'ru' | 'en';
  roles: Array<(typeof ROLE_CODES)[number]>;
  managerId: string | null;
};

export const emptyOwner: OwnerFormValues = {
  lastName: '',
  firstName: '',
  middleName: '',
  email: '',
  phone: '',
  contractNumber: '',
  contractDate: '',
  organizationType: 'individual',
  locale: 'ru',
  roles: ['INVESTOR'],
  managerId: null,
};

/** The body of the create and save calls: empty contacts are null, the phone as digits the server accepts. */
export function toOwnerBody(values: OwnerFormValues): OwnerUpdate {
  return {
    lastName: values.lastName,
    firstName: values.firstName,
    middleName: values.middleName,
    email: values.email.trim() || null,
    phone: values.phone.trim() ? values.phone : null,
    contractNumber: values.contractNumber.trim() || null,
    contractDate: values.contractDate || null,
    organizationType: values.organizationType,
    locale: values.locale,
    roles: values.roles,
    managerId: values.managerId ? Number(values.managerId) : null,
  };
}

/** Errors the browser can tell before sending; the server's field messages come in `serverErrors`. */
export function localErrors(values: OwnerFormValues, t: (key: string) => string) {
  const errors: Record<string, string> = {};
  if (!values.lastName.trim()) errors.lastName = t('validation.required');
  if (!values.firstName.trim()) errors.firstName = t('validation.required');
  if (values.email.trim()) {
    const error = validateEmail(values.email.trim());
    if (error) errors.email = error;
  }
  if (values.phone.trim()) {
    const error = validatePhone(values.phone);
    if (error) errors.phone = error;
  }
  if (!values.email.trim() && !values.phone.trim()) errors.email = t('validation.contactRequired');
  if (values.roles.length === 0) errors.roles = t('validation.required');
  return errors;
}

export function OwnerFields({
  values,
  onChange,
  errors,
}: {
  values: OwnerFormValues;
  onChange: (values: OwnerFormValues) => void;
  errors: Record<string, string | undefined>;
}) {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  const me = useBackofficeMe();
  // The server assigns a manager's clients to that manager; only an admin picks one.
  const isAdmin = me.data?.roles.includes('ADMIN') ?? false;
  const ownManagerId = me.data?.managerId ?? null;
  const en = i18n.language === 'en';
  const set = <K extends keyof OwnerFormValues>(key: K, value: OwnerFormValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('backoffice.owner.lastName')}
          required
          value={values.lastName}
          onChange={(event) => set('lastName', event.currentTarget.value)}
          error={errors.lastName}
          maxLength={100}
        />
        <TextInput
          label={t('backoffice.owner.firstName')}
          required
          value={values.firstName}
          onChange={(event) => set('firstName', event.currentTarget.value)}
          error={errors.firstName}
          maxLength={100}
        />
        <TextInput
          label={t('backoffice.owner.middleName')}
          value={values.middleName}
          onChange={(event) => set('middleName', event.currentTarget.value)}
          error={errors.middleName}
          maxLength={100}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('backoffice.owner.email')}
          type="email"
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={errors.email}
        />
        <PhoneInput
          label={t('backoffice.owner.phone')}
          value={values.phone}
          onChange={(value) => set('phone', value)}
          error={errors.phone}
        />
        <TextInput
          label={t('backoffice.owner.contractNumber')}
          value={values.contractNumber}
          onChange={(event) => set('contractNumber', event.currentTarget.value)}
          error={errors.contractNumber}
          maxLength={50}
        />
        <TextInput
          label={t('backoffice.owner.contractDate')}
          type="date"
          value={values.contractDate}
          onChange={(event) => set('contractDate', event.currentTarget.value)}
          error={errors.contractDate}
        />
        {/* Native selects: quick by keyboard in a long form, and sure to open on a loaded machine. */}
        <NativeSelect
          label={t('backoffice.owner.organizationType')}
          value={values.organizationType}
          onChange={(event) => set('organizationType', event.currentTarget.value as OrganizationTypeCode)}
          data={Object.entries(ORGANIZATION_TYPES).map(([value, type]) => ({
            value,
            label: en ? type.nameEn : type.name,
          }))}
        />
        <NativeSelect
          label={t('backoffice.owner.locale')}
          value={values.locale}
          onChange={(event) => set('locale', event.currentTarget.value as 'ru' | 'en')}
          data={[
            { value: 'ru', label: 'Русский' },
            { value: 'en', label: 'English' },
          ]}
        />
        <NativeSelect
          label={t('backoffice.owner.manager')}
          description={isAdmin ? undefined : t('backoffice.owner.managerSelf')}
          value={isAdmin ? (values.managerId ?? '') : String(ownManagerId ?? values.managerId ?? '')}
          onChange={(event) => set('managerId', event.currentTarget.value || null)}
          disabled={!isAdmin}
          error={errors.managerId}
          data={[
            { value: '', label: t('backoffice.owner.noManager') },
            ...(catalogue.data?.managers ?? []).map((manager) => ({
              value: String(manager.id),
              label: manager.name,
            })),
          ]}
          data-testid="owner-manager"
        />
      </SimpleGrid>
      <Checkbox.Group
        label={t('backoffice.owners.roles')}
        value={values.roles}
        onChange={(value) => set('roles', value as OwnerFormValues['roles'])}
        error={errors.roles}
        withAsterisk
      >
        <Group mt={6}>
          {ROLE_CODES.map((role) => (
            <Checkbox key={role} value={role} label={t(`backoffice.owners.roleNames.${role}`)} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}

/**
 * The foot of a form on the client's card: the refusal not shown under a field, the save (which also completes the
 * request being applied, when there is one) and, once saved, a word that it was.
 */
export function CardSave({
  error,
  pending,
  completes,
  saved,
}: {
  error: Error | null;
  pending: boolean;
  completes: boolean;
  saved: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ApiErrorAlert error={error} hideOnFields inline />
      <Group>
        <Button type="submit" loading={pending}>
          {t(completes ? 'backoffice.owner.saveAndComplete' : 'common.save')}
        </Button>
        {saved && (
          <Text c="green" size="sm" role="status">
            {t('backoffice.owner.saved')}
          </Text>
        )}
      </Group>
    </>
  );
}
