import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import type { ManagerRequest, OwnerDetail } from '@portal/contract/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { AccountStatusBadge } from '../account-status-badge';
import { displayPhone } from '../backoffice-format';
import { ResendInvitation } from '../company/resend-invitation';
import { ConfirmDialog } from '../confirm-dialog';
import { IdCell } from '../id-cell';
import { ConsolePage } from '../list-page';
import { useCatalogue } from '../queries';
import { OwnerBankDetails } from './owner-bank-details';
import { OwnerDocuments } from './owner-documents';
import { CardSave, localErrors, OwnerFields, type OwnerFormValues, toOwnerBody } from './owner-form';
import { OwnerLoans } from './owner-loans';
import { ApplyingRequest, OwnerRequests } from './owner-requests';
import { OwnerStatement } from './owner-statement';
import { OwnerUnits } from './owner-units';
import { useOwner, useOwnerMutations } from './queries';

/** /backoffice/owners/{id}: a client's card, with the requests it applies, units, loans and documents. */
export function OwnerPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const owner = useOwner(id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (owner.isPending) return <LoadingState />;
  if (owner.isError) {
    // Another manager's client answers 404 like an unknown one (the server does not tell them apart).
    const status = owner.error instanceof ApiError ? owner.error.status : 0;
    if (status === 404 || status === 403) {
      const kind = status === 404 ? 'notFound' : 'forbidden';
      return (
        <Stack gap="md" data-testid={`owner-${kind}`}>
          <BackToOwners />
          <EmptyState
            pageTitle
            title={t(`backoffice.owner.${kind}Title`)}
            text={t(`backoffice.owner.${kind}Text`)}
          />
        </Stack>
      );
    }
    return <ErrorState onRetry={() => void owner.refetch()} />;
  }
  return <OwnerCard key={owner.data.id} owner={owner.data} />;
}

function toValues(owner: OwnerDetail): OwnerFormValues {
  return {
    lastName: owner.lastName,
    firstName: owner.firstName,
    middleName: owner.middleName,
    email: owner.email ?? '',
    phone: displayPhone(owner.phone),
    contractNumber: owner.contractNumber ?? '',
    contractDate: owner.contractDate ?? '',
    organizationType: owner.organizationType,
    locale: owner.locale,
    roles: owner.roles,
    managerId: owner.managerId === null ? null : String(owner.managerId),
  };
}

function OwnerCard({ owner }: { owner: OwnerDetail }) {
  const { t, i18n } = useTranslation();
  const _locale = i18n.language === 'en' ? 'en' : 'ru';
  const created = (useLocation().state as { created?: boolean } | null)?.created;
  const preselect = Number(useSearchParams()[0].get('apply')) || null;
  const [applying, setApplying] = useState<ManagerRequest | null>(null);
  const [requestComment, setRequestComment] = useState('');
  const [deactivating, setDeactivating] = useState(false);
  const mutations = useOwnerMutations(owner.id);
  const [values, setValues] = useState(() => toValues(owner));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const serverError = mutations.update.error instanceof ApiError ? mutations.update.error : null;

  return (
    <ConsolePage
      gap="lg"
      testId="owner-card"
      nav={<BackToOwners />}
      title={owner.name || t('backoffice.values.ownerCard', { id: owner.id })}
      meta={
        <Group gap="xs">
          <AccountStatusBadge status={owner.status} label={t(`backoffice.owners.statuses.${owner.status}`)} />
          <IdCell id={owner.id} size="sm" />
        </Group>
      }
      actions={
        owner.status !== 'deactivated' && (
          <Group gap="xs" align="flex-start">
            {owner.status === 'invited' && <ResendInvitation userId={owner.id} />}
            <Button color="red" variant="light" onClick={() => setDeactivating(true)}>
              {t('backoffice.owner.deactivate')}
            </Button>
          </Group>
        )
      }
      notice={created && <Alert color="green">{t('backoffice.owners.created')}</Alert>}
    >
      {deactivating && (
        <ConfirmDialog
          title={t('backoffice.owner.deactivate')}
          text={t('backoffice.owner.deactivateConfirm')}
          confirmLabel={t('backoffice.owner.deactivate')}
          action={mutations.deactivate}
          onConfirm={() =>
            mutations.deactivate.mutate(undefined, { onSuccess: () => setDeactivating(false) })
          }
          onClose={() => setDeactivating(false)}
        />
      )}
      <OwnerRequests
        ownerId={owner.id}
        preselect={preselect}
        applyingId={applying?.id ?? null}
        onApply={(request) => {
          setApplying(request);
          setRequestComment(t('backoffice.owner.appliedComment'));
          setSaved(false);
        }}
        canApply={(request) => request.kind !== 'bank_details' || owner.organizationType !== 'individual'}
      />

      <Paper withBorder radius="md" p="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const found = localErrors(values, t);
            setErrors(found);
            setSaved(false);
            if (Object.keys(found).length > 0) return;
            mutations.update.mutate(
              {
                ...toOwnerBody(values),
                ...(applying?.kind === 'change_data' ? { requestId: applying.id, requestComment } : {}),
              },
              {
                onSuccess: () => {
                  setSaved(true);
                  if (applying?.kind === 'change_data') setApplying(null);
                },
              },
            );
          }}
        >
          <Stack>
            <Title order={2} size="h4">
              {t('backoffice.owner.data')}
            </Title>
            <OwnerFields
              values={values}
              onChange={(next) => {
                setValues(next);
                setSaved(false);
              }}
              errors={{ ...serverError?.fields, ...errors }}
            />
            {applying?.kind === 'change_data' && (
              <ApplyingRequest
                request={applying}
                comment={requestComment}
                onCommentChange={setRequestComment}
                error={serverError?.fields.requestComment ?? serverError?.fields.requestId}
                onCancel={() => setApplying(null)}
                testId="applying-request"
              />
            )}
            <CardSave
              error={serverError}
              pending={mutations.update.isPending}
              completes={applying?.kind === 'change_data'}
              saved={saved}
            />
          </Stack>
        </form>
      </Paper>

      {owner.organizationType !== 'individual' && (
        <OwnerBankDetails
          owner={owner}
          applying={applying?.kind === 'bank_details' ? applying : null}
          onApplied={() => setApplying(null)}
          onApplyCancel={() => setApplying(null)}
        />
      )}

      <Paper withBorder radius="md" p="md">
        <Stack>
          <Title order={2} size="h4">
            {t('backoffice.owner.units')}
          </Title>
          <OwnerUnits owner={owner} />
          <AddUnitForm ownerId={owner.id} />
        </Stack>
      </Paper>

      <OwnerLoans owner={owner} />

      <OwnerDocuments owner={owner} />
      <OwnerStatement owner={owner} />
    </ConsolePage>
  );
}

function BackToOwners() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/backoffice/owners/" size="sm">
      ← {t('backoffice.owner.back')}
    </Anchor>
  );
}

function AddUnitForm({ ownerId }: { ownerId: number }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const { addUnit } = useOwnerMutations(ownerId);
  const [unitId, setUnitId] = useState('');
  const [relation, setRelation] = useState<'owner' | 'lender'>('owner');
  const [invested, setInvested] = useState<number | string>(0);
  const [investedAt, setInvestedAt] = useState('');
  const locations = new Map(
    (catalogue.data?.locations ?? []).map((location) => [location.id, location.name]),
  );
  const groups = [...locations].map(([id, name]) => ({
    group: name,
    items: (catalogue.data?.units ?? [])
      .filter((unit) => unit.locationId === id)
      .map((unit) => ({ value: String(unit.id), label: unit.name })),
  }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!unitId) return;
        addUnit.mutate(
          {
            unitId: Number(unitId),
            relation,
            invested: Number(invested) || 0,
            investedAt: investedAt || null,
          },
          { onSuccess: () => setUnitId('') },
        );
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="sm" style={{ alignItems: 'end' }}>
        <NativeSelect
          label={t('backoffice.owner.unit')}
          data={[{ value: '', label: '' }, ...groups]}
          value={unitId}
          onChange={(event) => setUnitId(event.currentTarget.value)}
          error={addUnit.error?.message}
          data-testid="add-unit"
        />
        <NativeSelect
          label={t('backoffice.owner.relation')}
          value={relation}
          onChange={(event) => setRelation(event.currentTarget.value as 'owner' | 'lender')}
          data={(['owner', 'lender'] as const).map((value) => ({
            value,
            label: t(`backoffice.owner.relations.${value}`),
          }))}
        />
        <NumberInput
          label={t('backoffice.owner.invested')}
          value={invested}
          onChange={setInvested}
          min={0}
          thousandSeparator=" "
        />
        <TextInput
          label={t('backoffice.owner.investedAt')}
          type="date"
          value={investedAt}
          onChange={(event) => setInvestedAt(event.currentTarget.value)}
        />
        <Button type="submit" disabled={!unitId} loading={addUnit.isPending}>
          {t('backoffice.owner.addUnit')}
        </Button>
      </SimpleGrid>
    </form>
  );
}
