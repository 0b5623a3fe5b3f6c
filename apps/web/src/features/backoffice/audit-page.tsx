import { Code, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { Pager } from './backoffice-layout';
import { PAGE_SIZE, useAudit } from './queries';

export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const dateTime = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ru-RU', {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('backoffice.audit.title')}
      </Title>
      {audit.isPending ? (
        <LoadingState />
      ) : audit.isError ? (
        <ErrorState onRetry={() => void audit.refetch()} />
      ) : audit.data.items.length === 0 ? (
        <EmptyState title={t('backoffice.audit.empty')} />
      ) : (
        <div className="backoffice-table">
          <Table striped verticalSpacing="sm" miw={760} data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backoffice.audit.when')}</Table.Th>
                <Table.Th>{t('backoffice.audit.who')}</Table.Th>
                <Table.Th>{t('backoffice.audit.action')}</Table.Th>
                <Table.Th>{t('backoffice.audit.object')}</Table.Th>
                <Table.Th>{t('backoffice.audit.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{dateTime.format(new Date(entry.createdAt))}</Table.Td>
                  <Table.Td>
                    {entry.actor ? (
                      <>
                        <Text size="sm">{entry.actor.name || `#${entry.actor.id}`}</Text>
                        <Text size="xs" c="dimmed">
                          {entry.actor.email}
                        </Text>
                      </>
                    ) : (
                      t('backoffice.audit.system')
                    )}
                  </Table.Td>
                  <Table.Td>
                    {t(`backoffice.audit.actions.${entry.action.replaceAll('.', '_')}`, {
                      defaultValue: entry.action,
                    })}
                  </Table.Td>
                  <Table.Td>
                    {entry.entity}
                    {entry.entityId ? ` #${entry.entityId}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Code block className="backoffice-payload">
                      {Object.entries(entry.details)
                        .map(
                          ([key, value]) =>
                            `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
                        )
                        .join('\n') || '—'}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager page={page} total={audit.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </div>
      )}
    </Stack>
  );
}
