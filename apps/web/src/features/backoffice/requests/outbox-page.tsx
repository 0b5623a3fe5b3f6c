import { Alert, Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { OUTBOX_PAGE_SIZE } from '@portal/contract/backoffice-outbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { ScrollCue } from '../../../shared/ui/scroll-cue';
import { Pager } from '../backoffice-layout';
import { useFailedOutbox, useResendOutbox } from './outbox-queries';

/** Undelivered mail and SMS: why each failed, and a resend once the mail server or gateway works again. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const failed = useFailedOutbox(page);
  const resend = useResendOutbox();
  const [resent, setResent] = useState<number | null>(null);
  const dateTime = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ru-RU', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('backoffice.outbox.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('backoffice.outbox.hint')}
      </Text>
      {resend.isError ? (
        <ApiErrorAlert error={resend.error} onClose={() => resend.reset()} />
      ) : resent !== null ? (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setResent(null)}>
          {t('backoffice.outbox.resent')}
        </Alert>
      ) : null}
      {failed.isPending ? (
        <LoadingState />
      ) : failed.isError ? (
        <ErrorState onRetry={() => void failed.refetch()} />
      ) : failed.data.items.length === 0 ? (
        <EmptyState title={t('backoffice.outbox.empty')} text={t('backoffice.outbox.emptyHint')} />
      ) : (
        <div className="backoffice-table">
          <ScrollCue minWidth={760} label={t('backoffice.outbox.title')}>
            <Table striped verticalSpacing="sm" miw={760} data-testid="outbox-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backoffice.outbox.date')}</Table.Th>
                  <Table.Th>{t('backoffice.outbox.recipient')}</Table.Th>
                  <Table.Th>{t('backoffice.outbox.subject')}</Table.Th>
                  <Table.Th>{t('backoffice.outbox.attempts')}</Table.Th>
                  <Table.Th>{t('backoffice.outbox.lastError')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {failed.data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{dateTime.format(new Date(item.createdAt))}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm" mr={6}>
                        {t(`backoffice.outbox.channels.${item.channel}`)}
                      </Badge>
                      {item.recipient}
                    </Table.Td>
                    <Table.Td>{item.subject ?? '—'}</Table.Td>
                    <Table.Td>{item.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="xs" className="backoffice-payload">
                        {item.lastError ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        loading={resend.isPending && resend.variables === item.id}
                        disabled={resend.isPending}
                        onClick={() =>
                          resend.mutate(item.id, {
                            onSuccess: () => setResent(item.id),
                          })
                        }
                      >
                        {t('backoffice.outbox.resend')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollCue>
          <Pager page={page} total={failed.data.total} pageSize={OUTBOX_PAGE_SIZE} onChange={setPage} />
        </div>
      )}
    </Stack>
  );
}
