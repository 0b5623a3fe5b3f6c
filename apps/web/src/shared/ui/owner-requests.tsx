import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OwnerRequest, RequestKindCode } from '@portal/contract/requests';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ownerRequestsQuery } from '../api/owner-requests';
import { formatDate } from '../format';
import { EmptyState, ErrorState, LoadingState } from './page-state';

const STATUS_COLORS: Record<OwnerRequest['status'], string> = {
  new: 'gray',
  in_progress: 'blue',
  done: 'green',
  rejected: 'red',
};

/**
 * The user's requests to the manager with the manager's answer: the status and, once written, the comment. `kinds`
 * narrows the list (the documents page lists its document requests); `subjectOf` names what a request is about.
 */
export function OwnerRequests({
  title,
  emptyTitle,
  kinds,
  subjectOf,
}: {
  title: string;
  emptyTitle: string;
  kinds?: readonly RequestKindCode[];
  subjectOf?: (request: OwnerRequest) => string | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const query = useQuery(ownerRequestsQuery());
  const requests = (query.data?.requests ?? []).filter((r) => !kinds || kinds.includes(r.kind));

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else if (requests.length === 0)
    body = <EmptyState title={emptyTitle} text={t('ownerRequests.emptyText')} />;
  else
    body = (
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {requests.map((request) => (
          <Paper
            key={request.id}
            component="li"
            withBorder
            radius="sm"
            p="sm"
            data-testid="owner-request"
            data-status={request.status}
          >
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} size="sm">
                  {subjectOf?.(request) ?? t(`ownerRequests.kinds.${request.kind}`)}
                </Text>
                <Badge
                  color={STATUS_COLORS[request.status]}
                  variant="light"
                  data-testid="owner-request-status"
                >
                  {t(`ownerRequests.status.${request.status}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('ownerRequests.sentAt', { date: formatDate(request.createdAt, locale) })}
                {request.answeredAt &&
                  ` · ${t('ownerRequests.answeredAt', { date: formatDate(request.answeredAt, locale) })}`}
              </Text>
              {request.comment && (
                <Text size="sm" data-testid="owner-request-comment" style={{ whiteSpace: 'pre-wrap' }}>
                  <Text span size="xs" c="dimmed" fw={600} mr={6}>
                    {t('ownerRequests.answer')}:
                  </Text>
                  {request.comment}
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Paper withBorder radius="md" p="md" data-testid="owner-requests">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
