import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type CompanySettings, companySettingsBodySchema } from '@portal/contract/company-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/client';
import { companySettingsQuery } from '../../../shared/api/company-settings';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { useConsoleForm } from '../form-modal';
import { ConsolePage } from '../list-page';
import { useBackofficeMe } from '../queries';

type Field = Exclude<keyof CompanySettings, 'statementDay'>;

/** The fields in pairs: a Russian text beside its English one, a link or contact on its own. */
const GROUPS: { heading: string; fields: Field[] }[] = [
  { heading: 'name', fields: ['name', 'nameEn'] },
  { heading: 'links', fields: ['investUrl', 'hotelsUrl', 'schemeUrl', 'privacyUrl'] },
  { heading: 'support', fields: ['supportPhone', 'supportEmail'] },
  { heading: 'report', fields: ['reportTitle', 'reportTitleEn'] },
];

/**
 * /backoffice/company/: the company's name, sites, support contacts and report title. Admins edit them; managers
 * read them (they are the company's public face and name every mail, as only admins manage the staff).
 */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(companySettingsQuery());
  return (
    <ConsolePage title={t('backofficeCompany.settings.title')} maw={880}>
      {settings.data ? <SettingsForm initial={settings.data} /> : <ApiErrorAlert error={settings.error} />}
    </ConsolePage>
  );
}

function SettingsForm({ initial }: { initial: CompanySettings }) {
  const { t } = useTranslation();
  const me = useBackofficeMe();
  const canEdit = me.data?.roles.includes('ADMIN') ?? false;
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: CompanySettings) => call('PUT /backoffice/company-settings', { body }),
    onSuccess: (saved) => queryClient.setQueryData(companySettingsQuery().queryKey, saved),
  });
  const form = useConsoleForm(() => initial, save, companySettingsBodySchema);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (form.check(form.values)) save.mutate(form.values);
      }}
    >
      <Stack gap="md">
        {!canEdit && <Text size="sm">{t('backofficeCompany.settings.readOnly')}</Text>}
        {GROUPS.map((group) => (
          <Paper key={group.heading} withBorder radius="md" p="md">
            <Text fw={600} mb="xs">
              {t(`backofficeCompany.settings.${group.heading}`)}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {group.fields.map((field) => (
                <TextInput
                  key={field}
                  label={t(`backofficeCompany.settings.fields.${field}`)}
                  value={form.values[field]}
                  readOnly={!canEdit}
                  required={field === 'name'}
                  error={form.errors[field]}
                  onChange={(event) => form.set(field, event.currentTarget.value)}
                />
              ))}
            </SimpleGrid>
          </Paper>
        ))}
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {t('backofficeCompany.settings.statements')}
          </Text>
          <NumberInput
            label={t('backofficeCompany.settings.fields.statementDay')}
            description={t('backofficeCompany.settings.statementDayHint')}
            value={form.values.statementDay}
            min={1}
            max={28}
            allowDecimal={false}
            readOnly={!canEdit}
            error={form.errors.statementDay}
            onChange={(value) => form.set('statementDay', typeof value === 'number' ? value : Number(value))}
            maw={280}
            data-testid="statement-day"
          />
        </Paper>
        <ApiErrorAlert error={save.error} />
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
            {save.isSuccess && !save.isPending && (
              <Text size="sm" c="green" role="status">
                {t('backofficeCompany.settings.saved')}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
