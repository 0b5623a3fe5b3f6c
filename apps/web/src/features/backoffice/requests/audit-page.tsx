import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEntry } from '@portal/contract/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { ScrollCue } from '../../../shared/ui/scroll-cue';
import { auditObject, describeAudit, namesFrom } from '../backoffice-format';
import { Pager } from '../backoffice-layout';
import { DetailLines, ListCard, useNarrow } from '../backoffice-lists';
import { PAGE_SIZE, useAudit, useCatalogue } from '../queries';

export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const names = namesFrom(useCatalogue().data);
  const narrow = useNarrow();
  const actor = (entry: AuditEntry) =>
    entry.actor ? (
      <>
        <Text size="sm">{entry.actor.name || entry.actor.email}</Text>
        <Text size="xs" c="dimmed">
          {entry.actor.email}
        </Text>
      </>
    ) : (
      <Text size="sm">{t('backoffice.audit.system')}</Text>
    );
  const action = (entry: AuditEntry) =>
    t(`backoffice.audit.actions.${entry.action.replaceAll('.', '_')}`, { defaultValue: entry.action });
  const object = (entry: AuditEntry) => {
    const { text, href } = auditObject(entry, t);
    return href ? (
      <Anchor component={Link} to={href} size="sm">
        {text}
      </Anchor>
    ) : (
      <Text size="sm">{text}</Text>
    );
  };
  const details = (entry: AuditEntry) => (
    <DetailLines lines={describeAudit(entry, t, locale, names)} testId="audit-details" />
  );
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
          {narrow ? (
            <Stack gap="sm" data-testid="audit-cards">
              {audit.data.items.map((entry) => (
                <ListCard key={entry.id} testId="audit-entry">
                  <Text fw={600} size="sm">
                    {action(entry)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dateTime.format(new Date(entry.createdAt))}
                  </Text>
                  {object(entry)}
                  {details(entry)}
                  <div>{actor(entry)}</div>
                </ListCard>
              ))}
            </Stack>
          ) : (
            <ScrollCue minWidth={760} label={t('backoffice.audit.title')}>
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
                    <Table.Tr key={entry.id} data-testid="audit-entry">
                      <Table.Td>{dateTime.format(new Date(entry.createdAt))}</Table.Td>
                      <Table.Td>{actor(entry)}</Table.Td>
                      <Table.Td>{action(entry)}</Table.Td>
                      <Table.Td>{object(entry)}</Table.Td>
                      <Table.Td>{details(entry)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollCue>
          )}
          <Pager page={page} total={audit.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </div>
      )}
    </Stack>
  );
}
