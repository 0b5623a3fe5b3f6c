import { Button, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type UnitListItem, unitListItemBodySchema } from '@portal/contract/backoffice-catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useConsoleForm } from '../form-modal';
import { ConsolePage, ItemCard, ListPage } from '../list-page';
import { CatalogueNav } from './catalogue-nav';
import { type UnitListKind, useUnitList, useUnitListSave } from './queries';

/** /backoffice/locations/lists/: the unit types and stages that units pick from, both languages. */
export function CatalogueListsPage() {
  const { t } = useTranslation();
  return (
    <ConsolePage
      nav={<CatalogueNav />}
      title={t('backofficeCatalogue.lists.title')}
      hint={t('backofficeCatalogue.lists.hint')}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NamedList kind="unit-types" title={t('backofficeCatalogue.lists.types')} />
        <NamedList kind="unit-stages" title={t('backofficeCatalogue.lists.stages')} />
      </SimpleGrid>
    </ConsolePage>
  );
}

function NamedList({ kind, title }: { kind: UnitListKind; title: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const list = useUnitList(kind);
  const [editing, setEditing] = useState<UnitListItem | 'new' | null>(null);
  return (
    <>
      <ListPage
        order={2}
        testId={kind}
        title={title}
        actions={
          <Button size="xs" onClick={() => setEditing('new')} data-testid={`${kind}-add`}>
            {t('backofficeCatalogue.lists.add')}
          </Button>
        }
        query={list}
        empty={(data) => (data.items.length === 0 ? { title: t('backofficeCatalogue.lists.empty') } : null)}
      >
        {(data) => (
          <Stack gap={6}>
            {data.items.map((item) => (
              <ItemCard
                key={item.id}
                compact
                testId={`${kind}-item`}
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
                  {en ? item.name : item.nameEn} ·{' '}
                  {t('backofficeCatalogue.lists.unitCount', { count: item.unitCount })}
                </Text>
              </ItemCard>
            ))}
          </Stack>
        )}
      </ListPage>
      {editing && (
        <ItemForm
          key={editing === 'new' ? 'new' : editing.id}
          kind={kind}
          title={title}
          original={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function ItemForm({
  kind,
  title,
  original,
  onClose,
}: {
  kind: UnitListKind;
  title: string;
  original: UnitListItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useUnitListSave(kind);
  const { values, set, errors, check } = useConsoleForm(
    () => ({
      name: original?.name ?? '',
      nameEn: original && original.nameEn !== original.name ? original.nameEn : '',
      position: (original?.position ?? '') as number | string,
    }),
    save,
    unitListItemBodySchema,
  );
  return (
    <FormModal
      testId={`${kind}-form`}
      title={title}
      saving={save}
      shownFields={['name', 'nameEn', 'position']}
      submitTestId={`${kind}-save`}
      onClose={onClose}
      onSubmit={() => {
        const body = {
          name: values.name,
          nameEn: values.nameEn,
          ...(values.position === '' ? {} : { position: Number(values.position) }),
        };
        if (check(body)) save.mutate({ id: original?.id, body }, { onSuccess: onClose });
      }}
    >
      <TextInput
        label={t('backofficeCatalogue.lists.name')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
        required
        maxLength={200}
        data-testid={`${kind}-name`}
      />
      <TextInput
        label={t('backofficeCatalogue.lists.nameEn')}
        description={t('backofficeContent.englishHint')}
        value={values.nameEn}
        onChange={(event) => set('nameEn', event.currentTarget.value)}
        error={errors.nameEn}
        maxLength={200}
        data-testid={`${kind}-name-en`}
      />
      <NumberInput
        label={t('backofficeCatalogue.lists.position')}
        value={values.position}
        onChange={(value) => set('position', value)}
        error={errors.position}
        min={0}
        max={100_000}
        allowDecimal={false}
      />
    </FormModal>
  );
}
