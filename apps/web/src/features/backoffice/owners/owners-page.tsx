import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { OwnerSummary } from '@portal/contract/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountStatusBadge } from '../account-status-badge';
import { displayPhone } from '../backoffice-format';
import { FormModal, fieldErrors } from '../form-modal';
import { IdCell } from '../id-cell';
import { DataTable, ListPage } from '../list-page';
import { PAGE_SIZE } from '../queries';
import { emptyOwner, localErrors, OwnerFields, type OwnerFormValues, toOwnerBody } from './owner-form';
import { useCreateOwner, useOwners } from './queries';

/** /backoffice/owners/: the manager's clients (an admin's: everyone's), found by name, e-mail or phone. */
export function OwnersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const owners = useOwners(debounced, page);
  const name = (owner: OwnerSummary) => (
    <>
      <Anchor component={Link} to={`/backoffice/owners/${owner.id}`}>
        {owner.name || t('backoffice.values.ownerCard', { id: owner.id })}
      </Anchor>{' '}
      <IdCell id={owner.id} />
    </>
  );
  const roles = (owner: OwnerSummary) =>
    owner.roles.map((role) => t(`backoffice.owners.roleNames.${role}`)).join(', ') || '—';
  const status = (owner: OwnerSummary) => (
    <AccountStatusBadge status={owner.status} label={t(`backoffice.owners.statuses.${owner.status}`)} />
  );

  return (
    <>
      <ListPage
        title={t('backoffice.owners.title')}
        actions={<Button onClick={() => setCreating(true)}>{t('backoffice.owners.create')}</Button>}
        toolbar={
          <TextInput
            placeholder={t('backoffice.owners.search')}
            aria-label={t('backoffice.owners.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maw={480}
          />
        }
        query={owners}
        empty={(data) => (data.items.length === 0 ? { title: t('backoffice.owners.empty') } : null)}
        pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
      >
        {(data) => (
          <DataTable
            rows={data.items}
            rowKey={(owner) => owner.id}
            label={t('backoffice.owners.title')}
            minWidth={720}
            testId="owners-table"
            cardsTestId="owners-cards"
            rowTestId={() => 'owner-item'}
            columns={[
              { key: 'name', header: t('backoffice.owners.name'), cell: name },
              {
                key: 'contact',
                header: t('backoffice.owners.contact'),
                cell: (owner) => (
                  <>
                    <Text size="sm">{owner.email ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {displayPhone(owner.phone)}
                    </Text>
                  </>
                ),
              },
              { key: 'roles', header: t('backoffice.owners.roles'), cell: roles },
              { key: 'units', header: t('backoffice.owners.units'), cell: (owner) => owner.unitCount },
              { key: 'status', header: t('backoffice.owners.status'), cell: status },
            ]}
            card={(owner) => (
              <>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  {name(owner)}
                  {status(owner)}
                </Group>
                <Text size="sm">
                  {[owner.email, displayPhone(owner.phone)].filter(Boolean).join(' · ') || '—'}
                </Text>
                <Text size="sm" c="dimmed">
                  {roles(owner)} · {t('backoffice.owners.units')}: {owner.unitCount}
                </Text>
              </>
            )}
          />
        )}
      </ListPage>
      {creating && <CreateOwnerModal onClose={() => setCreating(false)} />}
    </>
  );
}

/** A new client: the card opens once created, and the server mails the activation link. */
function CreateOwnerModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOwner();
  const [values, setValues] = useState<OwnerFormValues>(emptyOwner);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <FormModal
      title={t('backoffice.owners.createTitle')}
      size="lg"
      intro={t('backoffice.owners.createHint')}
      saving={create}
      onSubmit={() => {
        const found = localErrors(values, t);
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        create.mutate(toOwnerBody(values), {
          onSuccess: ({ id }) => navigate(`/backoffice/owners/${id}`, { state: { created: true } }),
        });
      }}
      onClose={onClose}
      submitLabel={t('backoffice.owners.create')}
    >
      <OwnerFields
        values={values}
        onChange={setValues}
        errors={{ ...fieldErrors(create.error), ...errors }}
      />
    </FormModal>
  );
}
