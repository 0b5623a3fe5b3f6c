import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { OwnerSummary } from '@portal/contract/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { ScrollCue } from '../../../shared/ui/scroll-cue';
import { displayPhone } from '../backoffice-format';
import { Pager } from '../backoffice-layout';
import { ListCard, useNarrow } from '../backoffice-lists';
import { PAGE_SIZE, useCreateOwner, useOwners } from '../queries';
import { emptyOwner, localErrors, OwnerFields, type OwnerFormValues, toOwnerBody } from './owner-form';

const STATUS_COLORS = { active: 'green', invited: 'blue', deactivated: 'gray' } as const;

export function OwnersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const owners = useOwners(debounced, page);
  const narrow = useNarrow();
  const name = (owner: OwnerSummary) => (
    <Anchor component={Link} to={`/backoffice/owners/${owner.id}`}>
      {owner.name || t('backoffice.values.ownerCard', { id: owner.id })}
    </Anchor>
  );
  const roles = (owner: OwnerSummary) =>
    owner.roles.map((role) => t(`backoffice.owners.roleNames.${role}`)).join(', ') || '—';
  const status = (owner: OwnerSummary) => (
    <Badge color={STATUS_COLORS[owner.status]} variant="light">
      {t(`backoffice.owners.statuses.${owner.status}`)}
    </Badge>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          {t('backoffice.owners.title')}
        </Title>
        <Button onClick={() => setCreating(true)}>{t('backoffice.owners.create')}</Button>
      </Group>
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
      {owners.isPending ? (
        <LoadingState />
      ) : owners.isError ? (
        <ErrorState onRetry={() => void owners.refetch()} />
      ) : owners.data.items.length === 0 ? (
        <EmptyState title={t('backoffice.owners.empty')} />
      ) : (
        <div className="backoffice-table">
          {narrow ? (
            <Stack gap="sm" data-testid="owners-cards">
              {owners.data.items.map((owner) => (
                <ListCard key={owner.id} testId="owner-item">
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
                </ListCard>
              ))}
            </Stack>
          ) : (
            <ScrollCue minWidth={720} label={t('backoffice.owners.title')}>
              <Table striped highlightOnHover verticalSpacing="sm" miw={720} data-testid="owners-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('backoffice.owners.name')}</Table.Th>
                    <Table.Th>{t('backoffice.owners.contact')}</Table.Th>
                    <Table.Th>{t('backoffice.owners.roles')}</Table.Th>
                    <Table.Th>{t('backoffice.owners.units')}</Table.Th>
                    <Table.Th>{t('backoffice.owners.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {owners.data.items.map((owner) => (
                    <Table.Tr key={owner.id}>
                      <Table.Td>{name(owner)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{owner.email ?? '—'}</Text>
                        <Text size="xs" c="dimmed">
                          {displayPhone(owner.phone)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{roles(owner)}</Table.Td>
                      <Table.Td>{owner.unitCount}</Table.Td>
                      <Table.Td>{status(owner)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollCue>
          )}
          <Pager page={page} total={owners.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </div>
      )}
      {creating && <CreateOwnerModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function CreateOwnerModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOwner();
  const [values, setValues] = useState<OwnerFormValues>(emptyOwner);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverError = create.error instanceof ApiError ? create.error : null;
  return (
    <Modal opened onClose={onClose} title={t('backoffice.owners.createTitle')} size="lg" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = localErrors(values, t);
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          create.mutate(toOwnerBody(values), {
            onSuccess: ({ id }) => navigate(`/backoffice/owners/${id}`, { state: { created: true } }),
          });
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('backoffice.owners.createHint')}
          </Text>
          <OwnerFields values={values} onChange={setValues} errors={{ ...serverError?.fields, ...errors }} />
          <ApiErrorAlert error={serverError} hideOnFields inline />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('backoffice.owners.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
