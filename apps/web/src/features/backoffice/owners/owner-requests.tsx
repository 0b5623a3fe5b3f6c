import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ManagerRequest } from '@portal/contract/backoffice';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { ErrorState } from '../../../shared/ui/page-state';
import { describeRequest, namesFrom } from '../backoffice-format';
import { DetailLines } from '../detail-lines';
import { IdCell } from '../id-cell';
import { useCatalogue } from '../queries';
import { useRequests } from '../requests/queries';
import { isApplicable, isOpen, STATUS_COLORS } from '../requests/request-format';

/**
 * The client's open requests on the card. A change of data or of bank details is applied here: the manager edits the
 * form below and its save completes the request (`preselect` comes from the inbox's 'Apply' link).
 */
export function OwnerRequests({
  ownerId,
  preselect,
  applyingId,
  onApply,
  canApply,
}: {
  ownerId: number;
  preselect: number | null;
  applyingId: number | null;
  onApply: (request: ManagerRequest) => void;
  /** Bank details apply only to a sole proprietor or a company. */
  canApply: (request: ManagerRequest) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const names = namesFrom(useCatalogue().data);
  const requests = useRequests({ ownerId, page: 1 });
  const open = (requests.data?.items ?? []).filter(isOpen);
  const preselected = open.find(
    (request) => request.id === preselect && isApplicable(request) && canApply(request),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the inbox's request has loaded.
  useEffect(() => {
    if (preselected) onApply(preselected);
  }, [preselected?.id]);

  if (requests.isError) return <ErrorState onRetry={() => void requests.refetch()} />;
  if (open.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="owner-requests">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('backoffice.owner.openRequests')}
        </Title>
        {open.map((request) => (
          <Group key={request.id} justify="space-between" align="flex-start" gap="sm" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 280px' }}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  <IdCell id={request.id} size="sm" /> · {t(`backoffice.kinds.${request.kind}`)}
                </Text>
                <Badge color={STATUS_COLORS[request.status]} variant="light">
                  {t(`backoffice.status.${request.status}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDateTime(request.createdAt, i18n.language === 'en' ? 'en' : 'ru')}
                </Text>
              </Group>
              <DetailLines
                lines={describeRequest(request, t, i18n.language === 'en' ? 'en' : 'ru', names)}
                testId="request-details"
              />
            </Stack>
            {isApplicable(request) && canApply(request) && (
              <Button
                size="xs"
                variant={applyingId === request.id ? 'filled' : 'light'}
                onClick={() => onApply(request)}
              >
                {t('backoffice.owner.apply')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Beside a form whose save completes the request: what the client asked for and the comment the request gets. */
export function ApplyingRequest({
  request,
  comment,
  onCommentChange,
  error,
  onCancel,
  testId,
}: {
  request: ManagerRequest;
  comment: string;
  onCommentChange: (comment: string) => void;
  error: string | undefined;
  onCancel: () => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const names = namesFrom(useCatalogue().data);
  return (
    <Alert color="blue" variant="light" data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{t('backoffice.owner.applying', { id: request.id })}</Text>
        <DetailLines lines={describeRequest(request, t, i18n.language === 'en' ? 'en' : 'ru', names)} />
        <Textarea
          label={t('backoffice.inbox.comment')}
          description={t('backoffice.inbox.commentHint')}
          value={comment}
          onChange={(event) => onCommentChange(event.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Anchor component="button" type="button" size="sm" ta="left" onClick={onCancel}>
          {t('backoffice.owner.applyCancel')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
