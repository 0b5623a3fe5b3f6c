import { Button, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  type BookingSource,
  bookingSourceBodySchema,
  bookingSourceCreateSchema,
} from '@portal/contract/backoffice-catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useConsoleForm } from '../form-modal';
import { IdCell } from '../id-cell';
import { ItemCard, ListPage } from '../list-page';
import { CatalogueNav } from './catalogue-nav';
import { useBookingSourceSave, useBookingSources } from './queries';

/** /backoffice/locations/sources/: booking sources by their PMS number, names in both languages. */
export function CatalogueSourcesPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const sources = useBookingSources();
  const [editing, setEditing] = useState<BookingSource | 'new' | null>(null);

  return (
    <>
      <ListPage
        maw={820}
        nav={<CatalogueNav />}
        title={t('backofficeCatalogue.sources.title')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="booking-source-add">
            {t('backofficeCatalogue.sources.add')}
          </Button>
        }
        hint={t('backofficeCatalogue.sources.hint')}
        query={sources}
        empty={(data) => (data.items.length === 0 ? { title: t('backofficeCatalogue.sources.empty') } : null)}
      >
        {(data) => (
          <Stack gap={6} data-testid="booking-sources">
            {data.items.map((item) => (
              <ItemCard
                key={item.id}
                compact
                testId="booking-source"
                actions={
                  <Button size="compact-xs" variant="default" onClick={() => setEditing(item)}>
                    {t('common.edit')}
                  </Button>
                }
              >
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {en ? item.nameEn : item.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  <IdCell id={item.id} /> · {item.type} · {en ? item.name : item.nameEn} ·{' '}
                  {t('backofficeCatalogue.sources.bookingCount', { count: item.bookingCount })}
                </Text>
              </ItemCard>
            ))}
          </Stack>
        )}
      </ListPage>
      {editing && (
        <SourceForm
          key={editing === 'new' ? 'new' : editing.id}
          original={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** A source keeps the number the PMS gave it: it is typed once, when the source is added. */
function SourceForm({ original, onClose }: { original: BookingSource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useBookingSourceSave();
  const { values, set, errors, check } = useConsoleForm(
    () => ({
      id: (original?.id ?? '') as number | string,
      name: original?.name ?? '',
      nameEn: original && original.nameEn !== original.name ? original.nameEn : '',
      type: original?.type ?? '',
    }),
    save,
    original ? bookingSourceBodySchema : bookingSourceCreateSchema,
  );
  return (
    <FormModal
      testId="booking-source-form"
      title={t('backofficeCatalogue.sources.title')}
      saving={save}
      shownFields={['id', 'name', 'nameEn', 'type']}
      submitTestId="booking-source-save"
      onClose={onClose}
      onSubmit={() => {
        const body = { name: values.name, nameEn: values.nameEn, type: values.type };
        const input = original
          ? { id: original.id, body }
          : { create: { ...body, id: values.id === '' ? Number.NaN : Number(values.id) } };
        if (check('create' in input ? input.create : input.body)) save.mutate(input, { onSuccess: onClose });
      }}
    >
      <NumberInput
        label={t('backofficeCatalogue.sources.id')}
        value={values.id}
        onChange={(value) => set('id', value)}
        error={errors.id}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        disabled={original !== null}
        required
        data-testid="booking-source-id"
      />
      <TextInput
        label={t('backofficeCatalogue.sources.name')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
        required
        maxLength={200}
        data-testid="booking-source-name"
      />
      <TextInput
        label={t('backofficeCatalogue.sources.nameEn')}
        description={t('backofficeContent.englishHint')}
        value={values.nameEn}
        onChange={(event) => set('nameEn', event.currentTarget.value)}
        error={errors.nameEn}
        maxLength={200}
        data-testid="booking-source-name-en"
      />
      <TextInput
        label={t('backofficeCatalogue.sources.type')}
        value={values.type}
        onChange={(event) => set('type', event.currentTarget.value)}
        error={errors.type}
        required
        maxLength={50}
        data-testid="booking-source-type"
      />
    </FormModal>
  );
}
