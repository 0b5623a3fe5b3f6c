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
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Document } from '@portal/contract/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, downloadFile, upload as uploadTo } from '../../shared/api/client';
import { requestSubject, useOpenRequests } from '../../shared/api/open-requests';
import { queryKeys } from '../../shared/api/queries';
import { formatDate } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { ApiErrorAlert, apiErrorMessage } from '../../shared/ui/api-error-alert';
import { categoryColor } from '../../shared/ui/document-category';
import { OwnerRequests } from '../../shared/ui/owner-requests';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { SafeHtml } from '../../shared/ui/safe-html';
import {
  type DateSort,
  type DocumentFilters,
  filterOptions,
  mergedDocuments,
  NO_FILTERS,
  nextDateSort,
  rowActions,
  visibleDocuments,
} from './documents-model';
import { documentsQueries, isDocumentsQuery } from './queries';

/** /documents/: request a document, the user's documents and those of their locations, signing and downloads. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const own = useQuery(documentsQueries.own());
  const ofLocations = useQuery(documentsQueries.location());
  const docs = useMemo(
    () => mergedDocuments(own.data?.documents ?? [], ofLocations.data?.documents ?? []),
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
      <DocumentRequests />
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
  const openRequests = useOpenRequests();
  // A category asked for and not yet completed by the manager: the button rests, across reloads too.
  const open =
    category !== null && openRequests.isOpen('document', requestSubject.document(Number(category)));
  const send = useMutation({
    mutationFn: () =>
      call('POST /user-document/send-document-request', { body: { category: Number(category), comment } }),
    onSuccess: () => {
      setSent(true);
      setCategory(null);
      setComment('');
      void queryClient.invalidateQueries({ predicate: isDocumentsQuery });
      void openRequests.refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void openRequests.refresh();
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
          // Sent only with a category (spec: Validation rules); the comment is optional.
          if (category && !open) send.mutate();
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
              onChange={(value) => {
                setCategory(value);
                send.reset();
              }}
              description={open ? t('documents.requestOpen') : undefined}
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
            <Button
              type="submit"
              disabled={!category || open}
              loading={send.isPending}
              data-testid="request-submit"
            >
              {open ? t('documents.sentTitle') : t('documents.request')}
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

/** The user's document requests with the manager's answers, each named by its category. */
function DocumentRequests() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const categories = useQuery(documentsQueries.categories());
  const categoryName = (id: number | null) => {
    const category = categories.data?.categories.find((c) => c.id === id);
    return category ? (en ? category.nameEn : category.name) : null;
  };
  return (
    <OwnerRequests
      title={t('ownerRequests.documentsTitle')}
      emptyTitle={t('ownerRequests.emptyDocuments')}
      kinds={DOCUMENT_REQUESTS}
      subjectOf={(request) => categoryName(request.categoryId)}
    />
  );
}

const DOCUMENT_REQUESTS = ['document'] as const;

function DocumentsTable({ docs }: { docs: Document[] }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { currentRole, profile } = useSession();
  const queryClient = useQueryClient();
  // On a phone's width a card stacks its parts (the list's own width decides).
  const { ref: listBox, width: listWidth } = useElementSize<HTMLDivElement>();
  // Before the first measure, the window's width guesses it (a phone), so a card does not change as it appears.
  const compact = (listWidth || window.innerWidth) < COMPACT_CARD_PX;
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
      void queryClient.invalidateQueries({ predicate: isDocumentsQuery });
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
      <div ref={listBox}>
        {rows.length === 0 ? (
          <EmptyState title={t('documents.noMatches')} />
        ) : (
          // Cards at every width: beside the side menu and the manager's card the page's column is about
          // 820 px wide even on a wide screen, where the table's eight columns squeezed every cell to three lines.
          // A card shows the same fields, labelled: the date, category and status on top, the description, then the
          // place (location or project, unit, room number).
          <Stack gap="sm">
            <Group justify="flex-end">{sortButton}</Group>
            <Stack
              component="ul"
              gap="sm"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              data-testid="document-cards"
            >
              {rows.map((d) => (
                <DocumentCard
                  key={`${d.kind}-${d.id}`}
                  doc={d}
                  compact={compact}
                  placeLabel={investor ? t('documents.location') : t('documents.project')}
                  actions={actions(d)}
                />
              ))}
            </Stack>
          </Stack>
        )}
      </div>
    </Stack>
  );
}

/** Below this width a card puts the status under the place instead of beside the date. */
const COMPACT_CARD_PX = 560;

/** One labelled detail of a card: «ЮНИТ Джуниор сюит №3». */
function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Text size="sm" component="div" data-testid={testId}>
      <Text span size="xs" c="dimmed" fw={600} tt="uppercase" mr={6}>
        {label}
      </Text>
      {value}
    </Text>
  );
}

/** A document as a card: every field of the spec's table row (documents page), each with its label. */
function DocumentCard({
  doc: d,
  compact,
  placeLabel,
  actions,
}: {
  doc: Document;
  compact: boolean;
  placeLabel: string;
  actions: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const alert = d.status.id === -1;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={compact ? 'sm' : 'md'}
      bg={alert ? 'red.0' : undefined}
      data-testid="document-row"
      data-alert={alert || undefined}
      data-status={d.status.id}
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="wrap" align="center">
            <Text size="sm" c="dimmed" data-testid="document-date" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(d.date, en ? 'en' : 'ru')}
            </Text>
            <CategoryLabel doc={d} />
            {d.kind === 'location' && (
              <Text size="xs" c="dimmed">
                {t('documents.locationDocument')}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap" align="center">
            {!compact && <StatusLabel doc={d} />}
            {actions}
          </Group>
        </Group>
        <SafeHtml html={en ? d.descriptionEn : d.description} className="document-description" />
        {d.returnComment && (
          <Alert
            color="orange"
            variant="light"
            title={t('documents.returned')}
            data-testid="document-return-comment"
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {d.returnComment}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('documents.returnedHint')}
            </Text>
          </Alert>
        )}
        <Group
          gap={compact ? 4 : 'lg'}
          wrap="wrap"
          align="baseline"
          style={compact ? { flexDirection: 'column', alignItems: 'flex-start' } : undefined}
        >
          <Detail label={placeLabel} value={placeOf(d, en)} testId="document-place" />
          {d.unit && (
            <Detail
              label={t('documents.unit')}
              value={en ? d.unit.nameEn : d.unit.name}
              testId="document-unit"
            />
          )}
          {d.unit?.unitNumber && <Detail label={t('documents.room')} value={d.unit.unitNumber} />}
        </Group>
        {compact && <StatusLabel doc={d} />}
      </Stack>
    </Paper>
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

/**
 * Status marks of the spec (States and transitions): 1 red alert, 13 in progress, 3 green check, 2 grey check, -1
 * alert.
 */
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
