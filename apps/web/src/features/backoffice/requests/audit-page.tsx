import { Anchor, Text } from '@mantine/core';
import type { AuditEntry } from '@portal/contract/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { auditObject, describeAudit, namesFrom } from '../backoffice-format';
import { DetailLines } from '../detail-lines';
import { DataTable, ListPage } from '../list-page';
import { PAGE_SIZE, useCatalogue } from '../queries';
import { useAudit } from './queries';

/** /backoffice/audit/: who changed what and when, in words, newest first. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const names = namesFrom(useCatalogue().data);
  const when = (entry: AuditEntry) => formatDateTime(entry.createdAt, locale, true);
  const actor = (entry: AuditEntry) =>
    entry.actor ? (
      <div>
        <Text size="sm">{entry.actor.name || entry.actor.email}</Text>
        <Text size="xs" c="dimmed">
          {entry.actor.email}
        </Text>
      </div>
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
  return (
    <ListPage
      title={t('backoffice.audit.title')}
      query={audit}
      empty={(data) => (data.items.length === 0 ? { title: t('backoffice.audit.empty') } : null)}
      pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
    >
      {(data) => (
        <DataTable
          rows={data.items}
          rowKey={(entry) => entry.id}
          label={t('backoffice.audit.title')}
          minWidth={760}
          testId="audit-table"
          cardsTestId="audit-cards"
          rowTestId={() => 'audit-entry'}
          columns={[
            { key: 'when', header: t('backoffice.audit.when'), cell: when },
            { key: 'who', header: t('backoffice.audit.who'), cell: actor },
            { key: 'action', header: t('backoffice.audit.action'), cell: action },
            { key: 'object', header: t('backoffice.audit.object'), cell: object },
            { key: 'details', header: t('backoffice.audit.details'), cell: details },
          ]}
          card={(entry) => (
            <>
              <Text fw={600} size="sm">
                {action(entry)}
              </Text>
              <Text size="xs" c="dimmed">
                {when(entry)}
              </Text>
              {object(entry)}
              {details(entry)}
              {actor(entry)}
            </>
          )}
        />
      )}
    </ListPage>
  );
}
