import { Anchor, Badge, Button, Group, NativeSelect, SegmentedControl, Text, Textarea } from '@mantine/core';
import type { ManagerRequest, RequestKindCode, RequestStatus } from '@portal/contract/backoffice';
import { REQUEST_KINDS } from '@portal/contract/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { apiErrorMessage } from '../../../shared/ui/api-error-alert';
import { ErrorState } from '../../../shared/ui/page-state';
import { describeRequest, displayPhone, namesFrom } from '../backoffice-format';
import { DetailLines } from '../detail-lines';
import { FormModal, fieldErrors } from '../form-modal';
import { IdCell } from '../id-cell';
import { DataTable, ListPage, useNarrow } from '../list-page';
import { PAGE_SIZE, useCatalogue } from '../queries';
import { useRequests, useUpdateRequest } from './queries';
import { isApplicable, isOpen, STATUS_COLORS } from './request-format';

/** /backoffice/: the clients' requests by status and kind, taken on, applied on the client's card, completed. */
export function InboxPage() {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<RequestKindCode | null>(null);
  const [status, setStatus] = useState<RequestStatus | 'all'>('new');
  const [page, setPage] = useState(1);
  const [ending, setEnding] = useState<{ request: ManagerRequest; status: 'done' | 'rejected' } | null>(null);
  const requests = useRequests({
    ...(kind ? { kind } : {}),
    ...(status !== 'all' ? { status } : {}),
    page,
  });
  const update = useUpdateRequest();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const names = namesFrom(useCatalogue().data);
  const narrow = useNarrow();
  const client = (request: ManagerRequest) => (
    <div>
      <Anchor component={Link} to={`/backoffice/owners/${request.owner.id}`} size="sm">
        {request.owner.name || t('backoffice.values.ownerCard', { id: request.owner.id })}
      </Anchor>
      <Text size="xs" c="dimmed">
        {[request.owner.email, displayPhone(request.owner.phone)].filter(Boolean).join(' · ')}
      </Text>
    </div>
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
    <Badge color={STATUS_COLORS[request.status]} variant="light" miw="max-content">
      {t(`backoffice.status.${request.status}`)}
    </Badge>
  );
  // Up to four answers a request: on a wide table they wrap in two rows, so the table still fits the page.
  const actions = (request: ManagerRequest) => (
    <Group gap={6} wrap="wrap" maw={narrow ? undefined : 250}>
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
      {/* A signed copy is decided on in the client's documents: signed, or returned with a comment. */}
      {request.kind === 'signed_document' && isOpen(request) && (
        <Button size="xs" component={Link} to={`/backoffice/owners/${request.owner.id}#documents`}>
          {t('backoffice.inbox.openDocuments')}
        </Button>
      )}
      {request.kind !== 'signed_document' && isOpen(request) && (
        <>
          <Button size="xs" onClick={() => setEnding({ request, status: 'done' })}>
            {t('backoffice.inbox.complete')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => setEnding({ request, status: 'rejected' })}
          >
            {t('backoffice.inbox.reject')}
          </Button>
        </>
      )}
    </Group>
  );
  const counts = requests.data?.counts;
  const statusLabel = (value: RequestStatus | 'all') =>
    `${t(`backoffice.statuses.${value}`)}${counts && value !== 'all' ? ` · ${counts[value]}` : ''}`;

  return (
    <>
      <ListPage
        title={t('backoffice.inbox.title')}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              value={status}
              onChange={(value) => {
                setStatus(value as RequestStatus | 'all');
                setPage(1);
              }}
              data={(['new', 'in_progress', 'done', 'rejected', 'all'] as const).map((value) => ({
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
        }
        notice={update.error && <ErrorState text={apiErrorMessage(update.error, t('common.error'))} />}
        query={requests}
        empty={(data) =>
          data.items.length === 0
            ? { title: t('backoffice.inbox.empty'), text: t('backoffice.inbox.emptyHint') }
            : null
        }
        pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
      >
        {(data) => (
          <DataTable
            rows={data.items}
            rowKey={(request) => request.id}
            label={t('backoffice.inbox.title')}
            minWidth={860}
            testId="inbox-table"
            cardsTestId="inbox-cards"
            rowTestId={(request) => `request-${request.id}`}
            columns={[
              { key: 'id', header: '№', cell: (request) => <IdCell id={request.id} size="sm" /> },
              {
                key: 'date',
                header: t('backoffice.inbox.date'),
                cell: (request) => formatDateTime(request.createdAt, locale),
              },
              { key: 'client', header: t('backoffice.inbox.client'), cell: client },
              {
                key: 'kind',
                header: t('backoffice.inbox.kind'),
                cell: (request) => t(`backoffice.kinds.${request.kind}`),
              },
              { key: 'details', header: t('backoffice.inbox.details'), cell: details },
              { key: 'status', header: t('backoffice.inbox.status'), minWidth: 120, cell: statusBadge },
              { key: 'actions', cell: actions },
            ]}
            card={(request) => (
              <>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} size="sm">
                    <IdCell id={request.id} size="sm" /> · {t(`backoffice.kinds.${request.kind}`)}
                  </Text>
                  {statusBadge(request)}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(request.createdAt, locale)}
                </Text>
                {client(request)}
                {details(request)}
                {actions(request)}
              </>
            )}
          />
        )}
      </ListPage>
      {ending && <EndModal request={ending.request} status={ending.status} onClose={() => setEnding(null)} />}
    </>
  );
}

/** Completing or refusing a request asks for the comment the client reads with it (and gets by mail). */
function EndModal({
  request,
  status,
  onClose,
}: {
  request: ManagerRequest;
  status: 'done' | 'rejected';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateRequest();
  const [comment, setComment] = useState(request.comment ?? '');
  const done = status === 'done';
  return (
    <FormModal
      title={t(done ? 'backoffice.inbox.completeTitle' : 'backoffice.inbox.rejectTitle', { id: request.id })}
      saving={update}
      onSubmit={() => update.mutate({ id: request.id, status, comment }, { onSuccess: onClose })}
      onClose={onClose}
      submitLabel={t(done ? 'backoffice.inbox.complete' : 'backoffice.inbox.reject')}
    >
      <Textarea
        label={t('backoffice.inbox.comment')}
        description={t(done ? 'backoffice.inbox.commentHint' : 'backoffice.inbox.rejectHint')}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={2000}
        error={fieldErrors(update.error).comment}
        data-autofocus
      />
    </FormModal>
  );
}
