import { Alert, Badge, Button, Text } from '@mantine/core';
import { OUTBOX_PAGE_SIZE } from '@portal/contract/backoffice-outbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { DataTable, ListPage } from '../list-page';
import { useFailedOutbox, useResendOutbox } from './queries';

/** Undelivered mail and SMS: why each failed, and a resend once the mail server or gateway works again. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const [page, setPage] = useState(1);
  const failed = useFailedOutbox(page);
  const resend = useResendOutbox();
  const [resent, setResent] = useState<number | null>(null);
  return (
    <ListPage
      title={t('backoffice.outbox.title')}
      hint={t('backoffice.outbox.hint')}
      notice={
        resend.isError ? (
          <ApiErrorAlert error={resend.error} onClose={() => resend.reset()} />
        ) : resent !== null ? (
          <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setResent(null)}>
            {t('backoffice.outbox.resent')}
          </Alert>
        ) : null
      }
      query={failed}
      empty={(data) =>
        data.items.length === 0
          ? { title: t('backoffice.outbox.empty'), text: t('backoffice.outbox.emptyHint') }
          : null
      }
      pager={{ page, pageSize: OUTBOX_PAGE_SIZE, onChange: setPage }}
    >
      {(data) => (
        <DataTable
          rows={data.items}
          rowKey={(item) => item.id}
          label={t('backoffice.outbox.title')}
          minWidth={760}
          testId="outbox-table"
          columns={[
            {
              key: 'date',
              header: t('backoffice.outbox.date'),
              cell: (item) => formatDateTime(item.createdAt, locale),
            },
            {
              key: 'recipient',
              header: t('backoffice.outbox.recipient'),
              cell: (item) => (
                <>
                  <Badge variant="light" size="sm" mr={6}>
                    {t(`backoffice.outbox.channels.${item.channel}`)}
                  </Badge>
                  {item.recipient}
                </>
              ),
            },
            { key: 'subject', header: t('backoffice.outbox.subject'), cell: (item) => item.subject ?? '—' },
            { key: 'attempts', header: t('backoffice.outbox.attempts'), cell: (item) => item.attempts },
            {
              key: 'error',
              header: t('backoffice.outbox.lastError'),
              cell: (item) => (
                <Text size="xs" className="backoffice-payload">
                  {item.lastError ?? '—'}
                </Text>
              ),
            },
            {
              key: 'resend',
              cell: (item) => (
                <Button
                  size="xs"
                  variant="light"
                  loading={resend.isPending && resend.variables === item.id}
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(item.id, { onSuccess: () => setResent(item.id) })}
                >
                  {t('backoffice.outbox.resend')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </ListPage>
  );
}
