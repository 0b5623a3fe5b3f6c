import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { ManagerRequest, RequestKindCode, RequestStatus } from '@portal/contract/backoffice';
import { REQUEST_KINDS } from '@portal/contract/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { apiErrorMessage } from '../../../shared/ui/api-error-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { ScrollCue } from '../../../shared/ui/scroll-cue';
import { describeRequest, displayPhone, namesFrom } from '../backoffice-format';
import { Pager } from '../backoffice-layout';
import { DetailLines, ListCard, useNarrow } from '../backoffice-lists';
import { PAGE_SIZE, useCatalogue, useRequests, useUpdateRequest } from '../queries';
import { isApplicable, STATUS_COLORS } from './request-format';

export function InboxPage() {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<RequestKindCode | null>(null);
  const [status, setStatus] = useState<RequestStatus | 'all'>('new');
  const [page, setPage] = useState(1);
  const [completing, setCompleting] = useState<ManagerRequest | null>(null);
  const requests = useRequests({
    ...(kind ? { kind } : {}),
    ...(status !== 'all' ? { status } : {}),
    page,
  });
  const update = useUpdateRequest();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const names = namesFrom(useCatalogue().data);
  const narrow = useNarrow();
  const dateTime = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ru-RU', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const client = (request: ManagerRequest) => (
    <>
      <Anchor component={Link} to={`/backoffice/owners/${request.owner.id}`} size="sm">
        {request.owner.name || t('backoffice.values.ownerCard', { id: request.owner.id })}
      </Anchor>
      <Text size="xs" c="dimmed">
        {[request.owner.email, displayPhone(request.owner.phone)].filter(Boolean).join(' · ')}
      </Text>
    </>
  );
  const details = (request: ManagerRequest) => (
    <>
      <DetailLines lines={describeRequest(request, t, locale, names)} testId="request-details" />
      {request.comment && (
        <Text size="xs" c="dimmed" className="backoffice-payload" mt={4}>
          {t('backoffice.inbox.comment')}: {request.comment}
        </Text>
      )}
    </>
  );
  const statusBadge = (request: ManagerRequest) => (
    <Badge color={STATUS_COLORS[request.status]} variant="light">
      {t(`backoffice.status.${request.status}`)}
    </Badge>
  );
  const actions = (request: ManagerRequest) => (
    <Group gap={6} wrap={narrow ? 'wrap' : 'nowrap'}>
      {request.status === 'new' && (
        <Button
          size="xs"
          variant="light"
          loading={update.isPending && update.variables?.id === request.id}
          onClick={() => update.mutate({ id: request.id, status: 'in_progress' })}
        >
          {t('backoffice.inbox.take')}
        </Button>
      )}
      {isApplicable(request) && (
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={`/backoffice/owners/${request.owner.id}?apply=${request.id}`}
        >
          {t('backoffice.owner.apply')}
        </Button>
      )}
      {request.status !== 'done' && (
        <Button size="xs" onClick={() => setCompleting(request)}>
          {t('backoffice.inbox.complete')}
        </Button>
      )}
    </Group>
  );
  const counts = requests.data?.counts;
  const statusLabel = (value: RequestStatus | 'all') =>
    `${t(`backoffice.statuses.${value}`)}${counts && value !== 'all' ? ` · ${counts[value]}` : ''}`;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('backoffice.inbox.title')}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          value={status}
          onChange={(value) => {
            setStatus(value as RequestStatus | 'all');
            setPage(1);
          }}
          data={(['new', 'in_progress', 'done', 'all'] as const).map((value) => ({
            value,
            label: statusLabel(value),
          }))}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          w={narrow ? '100%' : undefined}
        />
        <NativeSelect
          aria-label={t('backoffice.inbox.kind')}
          value={kind ?? ''}
          onChange={(event) => {
            setKind((event.currentTarget.value || null) as RequestKindCode | null);
            setPage(1);
          }}
          data={[
            { value: '', label: t('backoffice.kinds.all') },
            ...REQUEST_KINDS.map((value) => ({ value, label: t(`backoffice.kinds.${value}`) })),
          ]}
          w={narrow ? '100%' : 240}
          data-testid="inbox-kind"
        />
      </Group>
      {update.error && <ErrorState text={apiErrorMessage(update.error, t('common.error'))} />}
      {requests.isPending ? (
        <LoadingState />
      ) : requests.isError ? (
        <ErrorState onRetry={() => void requests.refetch()} />
      ) : requests.data.items.length === 0 ? (
        <EmptyState title={t('backoffice.inbox.empty')} text={t('backoffice.inbox.emptyHint')} />
      ) : (
        <div className="backoffice-table">
          {narrow ? (
            <Stack gap="sm" data-testid="inbox-cards">
              {requests.data.items.map((request) => (
                <ListCard key={request.id} testId={`request-${request.id}`}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600} size="sm">
                      №{request.id} · {t(`backoffice.kinds.${request.kind}`)}
                    </Text>
                    {statusBadge(request)}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {dateTime.format(new Date(request.createdAt))}
                  </Text>
                  <div>{client(request)}</div>
                  {details(request)}
                  {actions(request)}
                </ListCard>
              ))}
            </Stack>
          ) : (
            <ScrollCue minWidth={860} label={t('backoffice.inbox.title')}>
              <Table striped highlightOnHover verticalSpacing="sm" miw={860} data-testid="inbox-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>№</Table.Th>
                    <Table.Th>{t('backoffice.inbox.date')}</Table.Th>
                    <Table.Th>{t('backoffice.inbox.client')}</Table.Th>
                    <Table.Th>{t('backoffice.inbox.kind')}</Table.Th>
                    <Table.Th>{t('backoffice.inbox.details')}</Table.Th>
                    <Table.Th>{t('backoffice.inbox.status')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {requests.data.items.map((request) => (
                    <Table.Tr key={request.id} data-testid={`request-${request.id}`}>
                      <Table.Td>{request.id}</Table.Td>
                      <Table.Td>{dateTime.format(new Date(request.createdAt))}</Table.Td>
                      <Table.Td>{client(request)}</Table.Td>
                      <Table.Td>{t(`backoffice.kinds.${request.kind}`)}</Table.Td>
                      <Table.Td>{details(request)}</Table.Td>
                      <Table.Td style={{ minWidth: 120 }}>{statusBadge(request)}</Table.Td>
                      <Table.Td>{actions(request)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollCue>
          )}
          <Pager page={page} total={requests.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </div>
      )}
      {completing && <CompleteModal request={completing} onClose={() => setCompleting(null)} />}
    </Stack>
  );
}

function CompleteModal({ request, onClose }: { request: ManagerRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState(request.comment ?? '');
  const update = useUpdateRequest();
  const fieldError =
    update.error instanceof ApiError ? (update.error.fields.comment ?? update.error.message) : undefined;
  return (
    <Modal opened onClose={onClose} title={t('backoffice.inbox.completeTitle', { id: request.id })} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ id: request.id, status: 'done', comment }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <Textarea
            label={t('backoffice.inbox.comment')}
            description={t('backoffice.inbox.commentHint')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={2000}
            error={fieldError}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('backoffice.inbox.complete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
