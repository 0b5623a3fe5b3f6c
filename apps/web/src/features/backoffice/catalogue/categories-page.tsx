import { Badge, Button, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CATEGORY_DIRECTIONS,
  type CategoryDirection,
  documentCategoryBodySchema,
  documentCategoryCreateSchema,
  outcomeCategoryBodySchema,
  outcomeCategoryCreateSchema,
} from '@portal/contract/backoffice-categories';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../confirm-dialog';
import { FormModal, useConsoleForm } from '../form-modal';
import { IdCell } from '../id-cell';
import { ConsolePage, ItemCard, ListPage } from '../list-page';
import { CatalogueNav } from './catalogue-nav';
import {
  type CategoryKind,
  useCategoryArchive,
  useCategoryDelete,
  useDocumentCategoryList,
  useDocumentCategorySave,
  useOutcomeCategoryList,
  useOutcomeCategorySave,
} from './category-queries';

/** A category as both lists show it; an income-expense one has a direction. */
type Category = {
  id: number;
  name: string;
  nameEn: string;
  archived: boolean;
  useCount: number;
  direction?: CategoryDirection;
};

/**
 * /backoffice/locations/categories/: document categories (the upload form and owners' requests pick one) and
 * income-expense categories (the outcomes import names them by id), names in both languages.
 */
export function CatalogueCategoriesPage() {
  const { t } = useTranslation();
  const documents = useDocumentCategoryList();
  const outcomes = useOutcomeCategoryList();
  return (
    <ConsolePage
      nav={<CatalogueNav />}
      title={t('backofficeCatalogue.categories.title')}
      hint={t('backofficeCatalogue.categories.hint')}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CategoryList
          kind="documents"
          title={t('backofficeCatalogue.categories.documents')}
          query={documents}
        />
        <CategoryList
          kind="income-expense"
          title={t('backofficeCatalogue.categories.outcomes')}
          query={outcomes}
        />
      </SimpleGrid>
    </ConsolePage>
  );
}

type Confirming = { action: 'archive' | 'delete'; item: Category } | null;

function CategoryList({
  kind,
  title,
  query,
}: {
  kind: CategoryKind;
  title: string;
  query: ReturnType<typeof useDocumentCategoryList> | ReturnType<typeof useOutcomeCategoryList>;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const archive = useCategoryArchive(kind);
  const remove = useCategoryDelete(kind);
  const prefix = `category-${kind}`;
  return (
    <>
      <ListPage
        order={2}
        testId={prefix}
        title={title}
        actions={
          <Button size="xs" onClick={() => setEditing('new')} data-testid={`${prefix}-add`}>
            {t('backofficeCatalogue.categories.add')}
          </Button>
        }
        query={query}
        empty={(data) =>
          data.items.length === 0 ? { title: t('backofficeCatalogue.categories.empty') } : null
        }
      >
        {(data) => (
          <Stack gap={6}>
            {(data.items as Category[]).map((item) => (
              <ItemCard
                key={item.id}
                testId={`${prefix}-item`}
                actions={
                  <>
                    <Button size="compact-xs" variant="default" onClick={() => setEditing(item)}>
                      {t('common.edit')}
                    </Button>
                    {item.archived ? (
                      <Button
                        size="compact-xs"
                        variant="default"
                        loading={archive.isPending && archive.variables?.id === item.id}
                        onClick={() => archive.mutate({ id: item.id, archived: false })}
                      >
                        {t('backofficeCatalogue.categories.restore')}
                      </Button>
                    ) : (
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setConfirming({ action: 'archive', item })}
                      >
                        {t('backofficeCatalogue.categories.archive')}
                      </Button>
                    )}
                    {item.useCount === 0 && (
                      <Button
                        size="compact-xs"
                        variant="default"
                        color="red"
                        onClick={() => setConfirming({ action: 'delete', item })}
                      >
                        {t('backofficeCatalogue.categories.delete')}
                      </Button>
                    )}
                  </>
                }
              >
                <Text
                  size="sm"
                  fw={500}
                  c={item.archived ? 'dimmed' : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {en ? item.nameEn : item.name}{' '}
                  {item.direction && (
                    <Badge size="xs" variant="light" color={item.direction === 'income' ? 'teal' : 'orange'}>
                      {t(`backofficeCatalogue.categories.${item.direction}`)}
                    </Badge>
                  )}{' '}
                  {item.archived && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('backofficeCatalogue.categories.archived')}
                    </Badge>
                  )}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  <IdCell id={item.id} /> ·{' '}
                  {item.nameEn !== item.name && <>{en ? item.name : item.nameEn} · </>}
                  {t('backofficeCatalogue.categories.useCount', { count: item.useCount })}
                </Text>
              </ItemCard>
            ))}
          </Stack>
        )}
      </ListPage>
      {editing && (
        <CategoryForm
          key={editing === 'new' ? 'new' : editing.id}
          kind={kind}
          original={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {confirming?.action === 'archive' && (
        <ConfirmDialog
          title={t('backofficeCatalogue.categories.archiveTitle')}
          text={t('backofficeCatalogue.categories.archiveText', { name: confirming.item.name })}
          confirmLabel={t('backofficeCatalogue.categories.archive')}
          action={archive}
          onConfirm={() =>
            archive.mutate(
              { id: confirming.item.id, archived: true },
              { onSuccess: () => setConfirming(null) },
            )
          }
          onClose={() => setConfirming(null)}
        />
      )}
      {confirming?.action === 'delete' && (
        <ConfirmDialog
          title={t('backofficeCatalogue.categories.deleteTitle')}
          text={t('backofficeCatalogue.categories.deleteText', { name: confirming.item.name })}
          confirmLabel={t('backofficeCatalogue.categories.delete')}
          action={remove}
          onConfirm={() => remove.mutate(confirming.item.id, { onSuccess: () => setConfirming(null) })}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}

/** A category's id may be typed when it is added (to match the company's accounting), else it takes the next. */
function CategoryForm({
  kind,
  original,
  onClose,
}: {
  kind: CategoryKind;
  original: Category | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const documentSave = useDocumentCategorySave();
  const outcomeSave = useOutcomeCategorySave();
  const save = kind === 'documents' ? documentSave : outcomeSave;
  const outcome = kind === 'income-expense';
  const schema = outcome
    ? original
      ? outcomeCategoryBodySchema
      : outcomeCategoryCreateSchema
    : original
      ? documentCategoryBodySchema
      : documentCategoryCreateSchema;
  const { values, set, errors, check } = useConsoleForm(
    () => ({
      id: '' as number | string,
      name: original?.name ?? '',
      nameEn: original && original.nameEn !== original.name ? original.nameEn : '',
      direction: (original?.direction ?? '') as CategoryDirection | '',
    }),
    save,
    schema,
  );
  const prefix = `category-${kind}`;
  return (
    <FormModal
      testId={`${prefix}-form`}
      title={
        original
          ? t('backofficeCatalogue.categories.editTitle', { id: original.id })
          : t('backofficeCatalogue.categories.createTitle')
      }
      saving={save}
      shownFields={['id', 'name', 'nameEn', 'direction']}
      submitTestId={`${prefix}-save`}
      onClose={onClose}
      onSubmit={() => {
        const names = { name: values.name, nameEn: values.nameEn };
        const id = values.id === '' ? {} : { id: Number(values.id) };
        if (outcome) {
          const body = { ...names, direction: values.direction as CategoryDirection };
          const input = original ? { id: original.id, body } : { create: { ...body, ...id } };
          if (check('create' in input ? input.create : input.body)) {
            outcomeSave.mutate(input, { onSuccess: onClose });
          }
        } else {
          const input = original ? { id: original.id, body: names } : { create: { ...names, ...id } };
          if (check('create' in input ? input.create : input.body)) {
            documentSave.mutate(input, { onSuccess: onClose });
          }
        }
      }}
    >
      {original === null && (
        <NumberInput
          label={t('backofficeCatalogue.categories.id')}
          description={t('backofficeCatalogue.categories.idHint')}
          value={values.id}
          onChange={(value) => set('id', value)}
          error={errors.id}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          data-testid={`${prefix}-id`}
        />
      )}
      <TextInput
        label={t('backofficeCatalogue.categories.name')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
        required
        maxLength={200}
        data-testid={`${prefix}-name`}
      />
      <TextInput
        label={t('backofficeCatalogue.categories.nameEn')}
        description={t('backofficeContent.englishHint')}
        value={values.nameEn}
        onChange={(event) => set('nameEn', event.currentTarget.value)}
        error={errors.nameEn}
        maxLength={200}
        data-testid={`${prefix}-name-en`}
      />
      {outcome && (
        <Select
          label={t('backofficeCatalogue.categories.direction')}
          data={CATEGORY_DIRECTIONS.map((direction) => ({
            value: direction,
            label: t(`backofficeCatalogue.categories.${direction}`),
          }))}
          value={values.direction || null}
          onChange={(value) => set('direction', (value ?? '') as CategoryDirection | '')}
          error={errors.direction}
          required
          allowDeselect={false}
          data-testid={`${prefix}-direction`}
        />
      )}
    </FormModal>
  );
}
