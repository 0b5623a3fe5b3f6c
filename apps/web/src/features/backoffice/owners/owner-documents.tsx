import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { OwnerDetail } from '@portal/contract/backoffice';
import type { Document } from '@portal/contract/documents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { categoryColor } from '../../../shared/ui/document-category';
import { FormModal, fieldErrors } from '../form-modal';
import { DataTable, ListPage } from '../list-page';
import { useCatalogue } from '../queries';
import {
  useDocumentCategories,
  useOwnerDocuments,
  useReviewSignedCopy,
  useUploadOwnerDocument,
} from './queries';

const STATUS_IDS = [1, 13, 3, 2, -1] as const;

/** The 'Documents' section of an owner's card: upload a PDF for the owner, see their documents and signed copies. */
export function OwnerDocuments({ owner }: { owner: OwnerDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const list = useOwnerDocuments(owner.id);
  const review = useReviewSignedCopy();
  const [returning, setReturning] = useState<Document | null>(null);
  const fetchFile = (uploadId: number) =>
    void downloadFile('GET /backoffice/documents/download/:uploadId', { params: { uploadId } }).catch(
      (error: unknown) => console.error(error),
    );

  return (
    <Paper withBorder radius="md" p="md" data-testid="owner-documents" id="documents">
      <ApiErrorAlert error={review.error} />
      <ListPage
        order={2}
        title={t('backofficeDocuments.title')}
        query={list}
        empty={(data) => (data.documents.length === 0 ? { title: t('backofficeDocuments.none') } : null)}
      >
        {(data) => (
          <DataTable
            rows={data.documents}
            rowKey={(d) => d.id}
            label={t('backofficeDocuments.title')}
            minWidth={760}
            testId="owner-documents-table"
            rowTestId={() => 'owner-document-row'}
            rowAttributes={(d) => ({ 'data-status': d.status.id })}
            columns={[
              { key: 'date', header: t('backofficeDocuments.date'), cell: (d) => formatDate(d.date, locale) },
              {
                key: 'category',
                header: t('backofficeDocuments.category'),
                cell: (d) => (
                  <Badge color={categoryColor(d.category.id)} variant="light" tt="none">
                    {locale === 'en' ? d.category.nameEn : d.category.name}
                  </Badge>
                ),
              },
              {
                key: 'location',
                header: t('backofficeDocuments.location'),
                cell: (d) => d.location?.name ?? '—',
              },
              { key: 'unit', header: t('backofficeDocuments.unit'), cell: (d) => d.unit?.name ?? '—' },
              { key: 'number', header: t('backofficeDocuments.number'), cell: (d) => d.number ?? '—' },
              {
                key: 'status',
                header: t('backofficeDocuments.status'),
                cell: (d) => (
                  <>
                    {locale === 'en' ? d.status.nameEn : d.status.name}
                    {d.returnComment && (
                      <Text size="xs" c="dimmed" data-testid="staff-return-comment">
                        {t('backofficeDocuments.returned', { comment: d.returnComment })}
                      </Text>
                    )}
                  </>
                ),
              },
              {
                key: 'file',
                header: t('backofficeDocuments.file'),
                cell: (d) =>
                  d.uploadsId !== null && (
                    <Anchor
                      component="button"
                      type="button"
                      ta="left"
                      fz="sm"
                      onClick={() => fetchFile(d.uploadsId as number)}
                    >
                      {d.name}
                    </Anchor>
                  ),
              },
              {
                key: 'signed',
                header: t('backofficeDocuments.signedCopy'),
                cell: (d) =>
                  d.signedUploadsId !== null ? (
                    <Anchor
                      component="button"
                      type="button"
                      fz="sm"
                      data-testid="signed-copy"
                      onClick={() => fetchFile(d.signedUploadsId as number)}
                    >
                      {t('backofficeDocuments.downloadSigned')}
                    </Anchor>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'review',
                header: t('backofficeDocuments.review'),
                cell: (d) =>
                  awaitsReview(d) ? (
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        color="green"
                        loading={review.isPending && review.variables?.id === d.id}
                        onClick={() => review.mutate({ id: d.id, decision: 'signed' })}
                      >
                        {t('backofficeDocuments.markSigned')}
                      </Button>
                      <Button size="xs" variant="light" color="orange" onClick={() => setReturning(d)}>
                        {t('backofficeDocuments.returnCopy')}
                      </Button>
                    </Group>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        )}
      </ListPage>
      <UploadForm owner={owner} />
      {returning && <ReturnModal doc={returning} onClose={() => setReturning(null)} />}
    </Paper>
  );
}

/** A signed copy the owner uploaded that waits for the manager: the document is 'in progress' (13). */
const awaitsReview = (d: Document) => d.status.id === 13 && d.signedUploadsId !== null;

/** Returning a signed copy asks what to fix: the owner reads it beside the document and signs again. */
function ReturnModal({ doc, onClose }: { doc: Document; onClose: () => void }) {
  const { t } = useTranslation();
  const review = useReviewSignedCopy();
  const [comment, setComment] = useState('');
  return (
    <FormModal
      title={t('backofficeDocuments.returnTitle')}
      intro={t('backofficeDocuments.returnIntro')}
      saving={review}
      onSubmit={() => review.mutate({ id: doc.id, decision: 'returned', comment }, { onSuccess: onClose })}
      onClose={onClose}
      submitLabel={t('backofficeDocuments.returnSubmit')}
      testId="return-signed-copy"
    >
      <Textarea
        label={t('backofficeDocuments.returnComment')}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={2000}
        required
        error={fieldErrors(review.error).comment}
        data-autofocus
      />
    </FormModal>
  );
}

function UploadForm({ owner }: { owner: OwnerDetail }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const catalogue = useCatalogue();
  const categories = useDocumentCategories();
  const [categoryId, setCategoryId] = useState('');
  const [locationId, setLocationId] = useState('');
  const [unitId, setUnitId] = useState('');
  const [statusId, setStatusId] = useState<string>('1');
  const [number, setNumber] = useState('');
  const [description, setDescription] = useState('');
  const [date, setDate] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState(false);
  const ownUnitIds = new Set(owner.units.map((u) => u.unitId));
  const unitOptions = (catalogue.data?.units ?? [])
    .filter((u) => ownUnitIds.has(u.id) && String(u.locationId) === locationId)
    .map((u) => ({ value: String(u.id), label: u.name }));
  const upload = useUploadOwnerDocument(owner.id);
  const send = () => {
    const form = new FormData();
    form.append('categoryId', categoryId);
    form.append('locationId', locationId);
    if (unitId) form.append('unitId', unitId);
    form.append('statusId', statusId);
    form.append('number', number);
    form.append('description', description);
    if (date) form.append('date', date);
    if (file) form.append('file', file, file.name);
    upload.mutate(form, {
      onSuccess: () => {
        setDone(true);
        setCategoryId('');
        setUnitId('');
        setNumber('');
        setDescription('');
        setDate('');
        setFile(null);
      },
    });
  };
  return (
    <form
      data-testid="owner-document-upload"
      onSubmit={(event) => {
        event.preventDefault();
        setDone(false);
        if (categoryId && locationId && file) send();
      }}
    >
      <Stack gap="sm" mt="md">
        <Text fw={600}>{t('backofficeDocuments.upload')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {/* Native selects: a long form in a back-office card, where a native list is quickest to use by keyboard. */}
          <NativeSelect
            label={t('backofficeDocuments.category')}
            data={[
              { value: '', label: '' },
              ...(categories.data?.categories ?? []).map((c) => ({
                value: String(c.id),
                label: en ? c.nameEn : c.name,
              })),
            ]}
            value={categoryId}
            onChange={(e) => setCategoryId(e.currentTarget.value)}
            required
            data-testid="staff-category"
          />
          <NativeSelect
            label={t('backofficeDocuments.location')}
            data={[
              { value: '', label: '' },
              ...(catalogue.data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name })),
            ]}
            value={locationId}
            onChange={(e) => {
              setLocationId(e.currentTarget.value);
              setUnitId('');
            }}
            required
            data-testid="staff-location"
          />
          <NativeSelect
            label={t('backofficeDocuments.unit')}
            data={[{ value: '', label: '' }, ...unitOptions]}
            value={unitId}
            onChange={(e) => setUnitId(e.currentTarget.value)}
            disabled={unitOptions.length === 0}
            data-testid="staff-unit"
          />
          <NativeSelect
            label={t('backofficeDocuments.status')}
            data={STATUS_IDS.map((id) => ({
              value: String(id),
              label: t(`backofficeDocuments.statuses.s${id < 0 ? 'Alert' : id}`),
            }))}
            value={statusId}
            onChange={(e) => setStatusId(e.currentTarget.value)}
            data-testid="staff-status"
          />
          <TextInput
            label={t('backofficeDocuments.number')}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            maxLength={100}
          />
          <TextInput
            type="date"
            label={t('backofficeDocuments.date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <FileInput
            label={t('backofficeDocuments.pdf')}
            accept="application/pdf,.pdf"
            value={file}
            onChange={setFile}
            clearable
            required
            data-testid="staff-file"
          />
        </SimpleGrid>
        <Textarea
          label={t('backofficeDocuments.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={4000}
          autosize
          minRows={2}
        />
        <ApiErrorAlert error={upload.error} />
        {done && (
          <Alert color="green" variant="light" role="status" data-testid="staff-uploaded">
            {t('backofficeDocuments.uploaded')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={upload.isPending} disabled={!categoryId || !locationId || !file}>
            {t('backofficeDocuments.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
