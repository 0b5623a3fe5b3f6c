import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@portal/contract/constants';
import type { Document } from '@portal/contract/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, downloadFile, upload as uploadTo } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/queries';
import { formatDate } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { ApiErrorAlert, apiErrorMessage } from '../../shared/ui/api-error-alert';
import { categoryColor } from '../../shared/ui/document-category';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { SafeHtml } from '../../shared/ui/safe-html';
import { ScrollCue } from '../../shared/ui/scroll-cue';
import {
  type DateSort,
  type DocumentFilters,
  filterOptions,
  NO_FILTERS,
  nextDateSort,
  rowActions,
  visibleDocuments,
} from './documents-model';
import { documentsQueries } from './queries';

/** /documents/: request a document, the user's documents and those of their locations, signing and downloads. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const own = useQuery(documentsQueries.own());
  const ofLocations = useQuery(documentsQueries.location());
  const docs = useMemo(
    () => [...(own.data?.documents ?? []), ...(ofLocations.data?.documents ?? [])],
    [own.data, ofLocations.data],
  );

  let body: React.ReactNode;
  if (own.isPending || ofLocations.isPending) body = <LoadingState />;
  else if (own.isError || ofLocations.isError)
    body = (
      <ErrorState
        onRetry={() => {
          void own.refetch();
          void ofLocations.refetch();
        }}
      />
    );
  else if (docs.length === 0)
    body = <EmptyState title={t('documents.emptyTitle')} text={t('documents.emptyText')} />;
  else body = <DocumentsTable docs={docs} />;

  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('documents.title')}
      </Title>
      <RequestForm />
      {body}
    </Stack>
  );
}

function RequestForm() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [sent, setSent] = useState(false);
  const categories = useQuery(documentsQueries.categories());
  const send = useMutation({
    mutationFn: () =>
      call('POST /user-document/send-document-request', { body: { category: Number(category), comment } }),
    onSuccess: () => {
      setSent(true);
      setCategory(null);
      setComment('');
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
    },
  });
  const options = (categories.data?.categories ?? [])
    .map((c) => ({ value: String(c.id), label: en ? c.nameEn : c.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Paper withBorder radius="md" p="md" data-testid="document-request">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // Sent only with a category (spec §5); the comment is optional.
          if (category) send.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('documents.requestTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('documents.category')}
              placeholder={t('documents.categoryPlaceholder')}
              data={options}
              value={category}
              onChange={setCategory}
              searchable
              clearable
              nothingFoundMessage={t('documents.nothingFound')}
              data-testid="request-category"
            />
            <Textarea
              label={t('documents.comment')}
              placeholder={t('documents.commentPlaceholder')}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={1}
              maxRows={4}
              data-testid="request-comment"
            />
          </SimpleGrid>
          <ApiErrorAlert error={send.error} inline />
          <Group>
            <Button type="submit" disabled={!category} loading={send.isPending} data-testid="request-submit">
              {t('documents.request')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={sent} onClose={() => setSent(false)} title={t('documents.sentTitle')} centered>
        <Stack gap="md" data-testid="request-sent">
          <Text>{t('documents.sentText')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setSent(false)}>{t('documents.ok')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function DocumentsTable({ docs }: { docs: Document[] }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { currentRole, profile } = useSession();
  const queryClient = useQueryClient();
  const mobile =
    useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`, window.innerWidth < MOBILE_BREAKPOINT_PX) ??
    false;
  const [sort, setSort] = useState<DateSort>('none');
  const [filters, setFilters] = useState<DocumentFilters>(NO_FILTERS);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadFor, setUploadFor] = useState<number | null>(null);
  const options = useMemo(() => filterOptions(docs, en), [docs, en]);
  const rows = useMemo(() => visibleDocuments(docs, filters, sort), [docs, filters, sort]);
  const hasUnits = docs.some((d) => d.unit !== null);
  const investor = currentRole === 'INVESTOR';
  const locationLabel = investor ? t('documents.filterLocation') : t('documents.filterProject');

  const upload = useMutation({
    mutationFn: ({ uploadsId, file }: { uploadsId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadTo('POST /user-document/reupload', undefined, form, () => undefined, {}, { uploadsId });
    },
    onSuccess: () => {
      setNotice({ ok: true, text: t('documents.uploaded') });
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    },
    onError: (error) => setNotice({ ok: false, text: apiErrorMessage(error, t('common.error')) }),
  });
  const startUpload = (uploadsId: number) => {
    setUploadFor(uploadsId);
    fileInput.current?.click();
  };
  const startDownload = (d: Document) => {
    if (d.uploadsId === null) return;
    downloadFile('GET /download/document/:id', { params: { id: d.uploadsId } }).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      setNotice({
        ok: false,
        text: apiErrorMessage(error, t('documents.downloadFailed')),
      });
    });
  };
  const actions = (d: Document) => (
    <RowMenu
      doc={d}
      isDiadoc={profile.useDiadoc}
      onUpload={() => d.uploadsId !== null && startUpload(d.uploadsId)}
      onDownload={() => startDownload(d)}
    />
  );
  const sortLabel =
    sort === 'desc'
      ? t('documents.sortDesc')
      : sort === 'asc'
        ? t('documents.sortAsc')
        : t('documents.sortNone');
  const sortButton = (
    <UnstyledButton
      onClick={() => setSort(nextDateSort(sort))}
      fw={700}
      fz="sm"
      data-testid="date-sort"
      data-sort={sort}
      // The name starts with the visible «Дата», then says the order (WCAG 2.5.3 label in name).
      aria-label={`${t('documents.date')}: ${sortLabel}`}
      title={sortLabel}
    >
      {t('documents.date')} {sort === 'desc' ? '↓' : sort === 'asc' ? '↑' : '↕'}
    </UnstyledButton>
  );
  const filter = (
    key: keyof DocumentFilters,
    label: string,
    data: Array<{ value: string; label: string }>,
  ) => (
    <Select
      label={label}
      placeholder={t('documents.all')}
      data={data}
      value={filters[key] === null ? null : String(filters[key])}
      onChange={(value) => setFilters({ ...filters, [key]: value === null ? null : Number(value) })}
      clearable
      data-testid={`filter-${key}`}
    />
  );

  return (
    <Stack gap="md">
      <input
        ref={fileInput}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        data-testid="signed-file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file && uploadFor !== null) upload.mutate({ uploadsId: uploadFor, file });
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: hasUnits ? 3 : 2 }} spacing="sm">
        {filter('categoryId', t('documents.filterCategory'), options.categories)}
        {filter('locationId', locationLabel, options.locations)}
        {hasUnits && filter('unitId', t('documents.filterUnit'), options.units)}
      </SimpleGrid>
      {notice && (
        <Alert
          color={notice.ok ? 'green' : 'red'}
          variant="light"
          withCloseButton
          onClose={() => setNotice(null)}
          role={notice.ok ? 'status' : 'alert'}
          data-testid="documents-notice"
        >
          {notice.text}
        </Alert>
      )}
      {rows.length === 0 ? (
        <EmptyState title={t('documents.noMatches')} />
      ) : mobile ? (
        <Stack gap="sm">
          <Group>{sortButton}</Group>
          {rows.map((d) => (
            <Paper
              key={`${d.kind}-${d.id}`}
              withBorder
              radius="md"
              p="sm"
              bg={d.status.id === -1 ? 'red.0' : undefined}
              data-testid="document-row"
              data-alert={d.status.id === -1 || undefined}
              data-status={d.status.id}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4}>
                    <Text size="sm" c="dimmed" data-testid="document-date">
                      {formatDate(d.date, en ? 'en' : 'ru')}
                    </Text>
                    <CategoryLabel doc={d} />
                  </Stack>
                  {actions(d)}
                </Group>
                <SafeHtml html={en ? d.descriptionEn : d.description} className="document-description" />
                <Text size="sm">
                  {[placeOf(d, en), d.unit ? (en ? d.unit.nameEn : d.unit.name) : null, d.unit?.unitNumber]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <StatusLabel doc={d} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <ScrollCue minWidth={760} label={t('documents.title')}>
          <Table
            highlightOnHover
            data-testid="documents-table"
            verticalSpacing="sm"
            horizontalSpacing="xs"
            fz="sm"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th aria-sort={sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : 'none'}>
                  {sortButton}
                </Table.Th>
                <Table.Th>{t('documents.filterCategory')}</Table.Th>
                <Table.Th>{investor ? t('documents.location') : t('documents.project')}</Table.Th>
                {hasUnits && <Table.Th>{t('documents.unit')}</Table.Th>}
                <Table.Th>{t('documents.room')}</Table.Th>
                <Table.Th>{t('documents.description')}</Table.Th>
                <Table.Th>{t('documents.status')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('documents.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr
                  key={`${d.kind}-${d.id}`}
                  bg={d.status.id === -1 ? 'red.0' : undefined}
                  data-testid="document-row"
                  data-alert={d.status.id === -1 || undefined}
                  data-status={d.status.id}
                >
                  <Table.Td data-testid="document-date" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(d.date, en ? 'en' : 'ru')}
                  </Table.Td>
                  <Table.Td>
                    <CategoryLabel doc={d} />
                  </Table.Td>
                  <Table.Td>
                    {placeOf(d, en)}
                    {d.kind === 'location' && (
                      <Text size="xs" c="dimmed">
                        {t('documents.locationDocument')}
                      </Text>
                    )}
                  </Table.Td>
                  {hasUnits && <Table.Td>{d.unit ? (en ? d.unit.nameEn : d.unit.name) : '—'}</Table.Td>}
                  <Table.Td>{d.unit?.unitNumber || '—'}</Table.Td>
                  <Table.Td maw={320}>
                    <SafeHtml html={en ? d.descriptionEn : d.description} className="document-description" />
                  </Table.Td>
                  <Table.Td>
                    <StatusLabel doc={d} />
                  </Table.Td>
                  <Table.Td>{actions(d)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollCue>
      )}
    </Stack>
  );
}

const placeOf = (d: Document, en: boolean) =>
  d.location
    ? en
      ? (d.locationEn ?? d.location.name)
      : d.location.name
    : d.unit
      ? en
        ? d.unit.locationNameEn
        : d.unit.locationName
      : '—';

function CategoryLabel({ doc }: { doc: Document }) {
  const { i18n } = useTranslation();
  return (
    <Badge
      color={categoryColor(doc.category.id)}
      variant="light"
      radius="sm"
      tt="none"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
      data-testid="category-label"
      data-category={doc.category.id}
    >
      {i18n.language === 'en' ? doc.category.nameEn : doc.category.name}
    </Badge>
  );
}

/** Status marks of the spec (§4): 1 red alert, 13 in progress, 3 green check, 2 grey check, -1 alert. */
function StatusLabel({ doc }: { doc: Document }) {
  const { i18n } = useTranslation();
  const id = doc.status.id;
  const mark = id === 3 || id === 2 ? '✓' : id === 13 ? '⟳' : '!';
  const color = id === 3 ? 'green.9' : id === 2 ? 'gray.6' : id === 13 ? 'blue.8' : 'red.9';
  return (
    <Group gap={6} wrap="nowrap" data-testid="document-status">
      <Text component="span" c={color} fw={700} aria-hidden>
        {mark}
      </Text>
      <Text component="span" size="sm" c={id === 1 || id === -1 ? 'red.9' : undefined}>
        {i18n.language === 'en' ? doc.status.nameEn : doc.status.name}
      </Text>
    </Group>
  );
}

function RowMenu({
  doc,
  isDiadoc,
  onUpload,
  onDownload,
}: {
  doc: Document;
  isDiadoc: boolean;
  onUpload: () => void;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const can = rowActions(doc, isDiadoc);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('documents.actions')} data-testid="row-menu">
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {can.signInService && (
          <Menu.Item
            component="a"
            href={doc.diadocUrl ?? 'https://diadoc.kontur.ru/'}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('documents.signInService')}
          </Menu.Item>
        )}
        {can.uploadSigned && <Menu.Item onClick={onUpload}>{t('documents.uploadSigned')}</Menu.Item>}
        {can.download && <Menu.Item onClick={onDownload}>{t('documents.download')}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
