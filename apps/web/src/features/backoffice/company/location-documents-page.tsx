import {
  Anchor,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Progress,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type StaffLocationDocument,
  staffLocationDocumentBodySchema,
} from '@portal/contract/backoffice-location-documents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format';
import { ConfirmDialog } from '../confirm-dialog';
import { FormModal, useConsoleForm } from '../form-modal';
import { IdCell } from '../id-cell';
import { DataTable, ListPage } from '../list-page';
import { useDocumentCategories } from '../owners/queries';
import { useCatalogue } from '../queries';
import { useLocationDocumentMutations, useLocationDocuments } from './location-documents-queries';

type Editing = { kind: 'new' } | { kind: 'edit'; doc: StaffLocationDocument };

/** /backoffice/location-documents/: documents every owner of a location reads (no signature), by location. */
export function LocationDocumentsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const catalogue = useCatalogue();
  const [locationId, setLocationId] = useState<number | null>(null);
  const list = useLocationDocuments(locationId);
  const { remove } = useLocationDocumentMutations();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<StaffLocationDocument | null>(null);
  const locations = catalogue.data?.locations ?? [];
  const nameOf = (doc: StaffLocationDocument) =>
    [locale === 'en' ? doc.categoryNameEn : doc.categoryName, doc.number].filter(Boolean).join(' ');
  return (
    <>
      <ListPage
        title={t('backofficeLocationDocuments.title')}
        hint={t('backofficeLocationDocuments.hint')}
        testId="location-documents-page"
        actions={
          <Button onClick={() => setEditing({ kind: 'new' })} data-testid="location-document-add">
            {t('backofficeLocationDocuments.add')}
          </Button>
        }
        toolbar={
          <NativeSelect
            label={t('backofficeLocationDocuments.location')}
            value={locationId === null ? '' : String(locationId)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setLocationId(value === '' ? null : Number(value));
            }}
            data={[
              { value: '', label: t('backofficeLocationDocuments.allLocations') },
              ...locations.map((l) => ({ value: String(l.id), label: l.name })),
            ]}
            maw={320}
            data-testid="location-documents-filter"
          />
        }
        query={list}
        also={[catalogue]}
        empty={(data) =>
          data.documents.length === 0 ? { title: t('backofficeLocationDocuments.none') } : null
        }
      >
        {(data) => (
          <DataTable
            rows={data.documents}
            rowKey={(d) => d.id}
            label={t('backofficeLocationDocuments.title')}
            minWidth={820}
            testId="location-documents-table"
            rowTestId={() => 'location-document-row'}
            columns={[
              { key: 'id', header: '№', cell: (d) => <IdCell id={d.id} /> },
              {
                key: 'date',
                header: t('backofficeLocationDocuments.date'),
                cell: (d) => formatDate(d.date, locale),
              },
              {
                key: 'location',
                header: t('backofficeLocationDocuments.location'),
                cell: (d) => (locale === 'en' ? d.locationNameEn || d.locationName : d.locationName),
              },
              {
                key: 'category',
                header: t('backofficeLocationDocuments.category'),
                cell: (d) => (locale === 'en' ? d.categoryNameEn : d.categoryName),
              },
              {
                key: 'number',
                header: t('backofficeLocationDocuments.number'),
                cell: (d) => d.number ?? '—',
              },
              {
                key: 'file',
                header: t('backofficeLocationDocuments.file'),
                cell: (d) =>
                  d.uploadId === null ? (
                    '—'
                  ) : (
                    <Anchor
                      component="button"
                      type="button"
                      ta="left"
                      fz="sm"
                      onClick={() =>
                        void downloadFile('GET /backoffice/location-documents/download/:uploadId', {
                          params: { uploadId: d.uploadId as number },
                        }).catch((error: unknown) => console.error(error))
                      }
                    >
                      {d.fileName ?? `${nameOf(d)}.pdf`}
                    </Anchor>
                  ),
              },
              {
                key: 'actions',
                cell: (d) => (
                  <Group gap={6} wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setEditing({ kind: 'edit', doc: d })}>
                      {t('backofficeLocationDocuments.edit')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(d)}>
                      {t('backofficeLocationDocuments.remove')}
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </ListPage>
      {editing && (
        <DocumentForm
          editing={editing}
          defaultLocationId={locationId ?? locations[0]?.id ?? null}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('backofficeLocationDocuments.removeTitle')}
          text={t('backofficeLocationDocuments.removeText', { name: nameOf(removing) })}
          confirmLabel={t('backofficeLocationDocuments.remove')}
          action={remove}
          onConfirm={() => remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );
}

type Values = {
  locationId: string;
  categoryId: string;
  number: string;
  date: string;
  description: string;
  descriptionEn: string;
};

/** Upload (with the PDF and its progress) or edit of a document's fields. */
function DocumentForm({
  editing,
  defaultLocationId,
  onClose,
}: {
  editing: Editing;
  defaultLocationId: number | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const catalogue = useCatalogue();
  const categories = useDocumentCategories();
  const mutations = useLocationDocumentMutations();
  const [file, setFile] = useState<File | null>(null);
  // An edit with a new PDF saves the fields, then sends the file: the form shows both as one save.
  const step = editing.kind === 'new' ? mutations.upload : mutations.update;
  const saving = {
    isPending: step.isPending || mutations.replaceFile.isPending,
    isError: step.isError || mutations.replaceFile.isError,
    error: step.error ?? mutations.replaceFile.error,
    reset: () => {
      step.reset();
      mutations.replaceFile.reset();
    },
  };
  const doc = editing.kind === 'edit' ? editing.doc : null;
  const form = useConsoleForm<Values>(
    () => ({
      locationId: String(doc?.locationId ?? defaultLocationId ?? ''),
      categoryId: doc ? String(doc.categoryId) : '',
      number: doc?.number ?? '',
      date: doc?.date ?? '',
      description: doc?.description ?? '',
      descriptionEn: doc && doc.descriptionEn !== doc.description ? doc.descriptionEn : '',
    }),
    saving,
    staffLocationDocumentBodySchema,
  );
  const [percent, setPercent] = useState(0);
  const [fileMissing, setFileMissing] = useState(false);
  const { values, set, errors, check } = form;
  // The choice offers only categories not archived; an edited document keeps its own even if archived since.
  const categoryOptions = (categories.data?.categories ?? []).map((c) => ({
    value: String(c.id),
    label: en ? c.nameEn : c.name,
  }));
  if (doc && !categoryOptions.some((c) => c.value === String(doc.categoryId)))
    categoryOptions.push({
      value: String(doc.categoryId),
      label: en ? doc.categoryNameEn : doc.categoryName,
    });
  const submit = () => {
    const body = {
      locationId: values.locationId,
      categoryId: values.categoryId,
      number: values.number,
      date: values.date,
      description: values.description,
      descriptionEn: values.descriptionEn,
    };
    const fieldsHold = check(body);
    setFileMissing(!doc && !file);
    if (!fieldsHold) return;
    if (doc) {
      mutations.update.mutate(
        {
          id: doc.id,
          body: { ...body, locationId: Number(body.locationId), categoryId: Number(body.categoryId) },
        },
        {
          onSuccess: () => {
            if (!file) return onClose();
            setPercent(0);
            mutations.replaceFile.mutate(
              { id: doc.id, file, onProgress: setPercent },
              { onSuccess: onClose },
            );
          },
        },
      );
    } else if (file) {
      setPercent(0);
      mutations.upload.mutate({ fields: body, file, onProgress: setPercent }, { onSuccess: onClose });
    }
  };
  return (
    <FormModal
      title={
        doc
          ? t('backofficeLocationDocuments.editTitle', { id: doc.id })
          : t('backofficeLocationDocuments.addTitle')
      }
      size="lg"
      testId="location-document-form"
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={doc ? undefined : t('backofficeLocationDocuments.upload')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={t('backofficeLocationDocuments.location')}
          value={values.locationId}
          onChange={(event) => set('locationId', event.currentTarget.value)}
          data={[
            { value: '', label: '—' },
            ...(catalogue.data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name })),
          ]}
          required
          error={errors.locationId}
          data-testid="location-document-location"
        />
        <NativeSelect
          label={t('backofficeLocationDocuments.category')}
          value={values.categoryId}
          onChange={(event) => set('categoryId', event.currentTarget.value)}
          data={[{ value: '', label: '—' }, ...categoryOptions]}
          required
          error={errors.categoryId}
          description={
            categories.isSuccess && categoryOptions.length === 0
              ? t('backofficeLocationDocuments.noCategories')
              : undefined
          }
          data-testid="location-document-category"
        />
        <TextInput
          label={t('backofficeLocationDocuments.number')}
          value={values.number}
          onChange={(event) => set('number', event.currentTarget.value)}
          maxLength={100}
          error={errors.number}
        />
        <TextInput
          type="date"
          label={t('backofficeLocationDocuments.date')}
          value={values.date}
          onChange={(event) => set('date', event.currentTarget.value)}
          required
          error={errors.date}
          data-testid="location-document-date"
        />
      </SimpleGrid>
      <Textarea
        label={t('backofficeLocationDocuments.description')}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        rows={3}
        maxLength={4000}
        error={errors.description}
      />
      <Textarea
        label={t('backofficeLocationDocuments.descriptionEn')}
        description={t('backofficeLocationDocuments.descriptionEnHint')}
        value={values.descriptionEn}
        onChange={(event) => set('descriptionEn', event.currentTarget.value)}
        rows={3}
        maxLength={4000}
        error={errors.descriptionEn}
      />
      <FileInput
        label={
          doc === null
            ? t('backofficeLocationDocuments.file')
            : doc.uploadId === null
              ? t('backofficeLocationDocuments.attachFile')
              : t('backofficeLocationDocuments.replaceFile')
        }
        description={doc?.uploadId === null ? t('backofficeLocationDocuments.noFileYet') : undefined}
        placeholder={t('backofficeLocationDocuments.chooseFile')}
        accept="application/pdf"
        value={file}
        onChange={(picked) => {
          if (saving.error) saving.reset();
          setFileMissing(false);
          setFile(picked);
        }}
        required={!doc}
        clearable
        error={errors.file ?? (fileMissing ? t('backofficeLocationDocuments.fileRequired') : undefined)}
        data-testid="location-document-file"
      />
      {(mutations.upload.isPending || mutations.replaceFile.isPending) && (
        <>
          <Progress value={percent} aria-label={t('backofficeLocationDocuments.uploading', { percent })} />
          <Text size="sm" c="dimmed">
            {t('backofficeLocationDocuments.uploading', { percent })}
          </Text>
        </>
      )}
    </FormModal>
  );
}
