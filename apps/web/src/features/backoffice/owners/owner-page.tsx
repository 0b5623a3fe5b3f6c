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
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ManagerRequest, OwnerDetail } from '@portal/contract/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { formatDate, formatMoney, formatYearMonthAfterPreposition } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { AccountStatusBadge } from '../account-status-badge';
import { displayPhone } from '../backoffice-format';
import { ConfirmDialog } from '../confirm-dialog';
import { IdCell } from '../id-cell';
import { ConsolePage, DataTable } from '../list-page';
import { useCatalogue } from '../queries';
import { OwnerBankDetails } from './owner-bank-details';
import { OwnerDocuments } from './owner-documents';
import { CardSave, localErrors, OwnerFields, type OwnerFormValues, toOwnerBody } from './owner-form';
import { ApplyingRequest, OwnerRequests } from './owner-requests';
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
          <EmptyState title={t(`backoffice.owner.${kind}Title`)} text={t(`backoffice.owner.${kind}Text`)} />
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
  const locale = i18n.language === 'en' ? 'en' : 'ru';
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
  const loanTerm = useLoanTerm();

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
          <Button color="red" variant="light" onClick={() => setDeactivating(true)}>
            {t('backoffice.owner.deactivate')}
          </Button>
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

      <Paper withBorder radius="md" p="md">
        <Stack>
          <Title order={2} size="h4">
            {t('backoffice.owner.loans')}
          </Title>
          {owner.loans.length === 0 ? (
            <Text c="dimmed">{t('backoffice.owner.noLoans')}</Text>
          ) : (
            <DataTable
              rows={owner.loans}
              rowKey={(loan) => loan.id}
              label={t('backoffice.owner.loans')}
              minWidth={600}
              columns={[
                {
                  key: 'location',
                  header: t('backoffice.owner.location'),
                  cell: (loan) => loan.locationName,
                },
                {
                  key: 'amount',
                  header: t('backoffice.owner.amount'),
                  cell: (loan) => formatMoney(loan.amount, locale),
                },
                {
                  key: 'issuedAt',
                  header: t('backoffice.owner.issuedAt'),
                  cell: (loan) => formatDate(loan.issuedAt, locale),
                },
                {
                  key: 'term',
                  header: t('backoffice.owner.term'),
                  cell: (loan) => loanTerm(loan.termYearMonth),
                },
                { key: 'rate', header: t('backoffice.owner.rate'), cell: (loan) => loan.ratePercent },
              ]}
            />
          )}
          <AddLoanForm ownerId={owner.id} />
        </Stack>
      </Paper>

      <OwnerDocuments owner={owner} />
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

/**
 * A loan's term: the imported and demo loans keep the month it ends (yyyymm), shown «до февраля 2027»; a loan added
 * in the console keeps its length in months.
 */
function useLoanTerm() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  return (value: number) =>
    value > 190_000
      ? t('finance.loanTermValue', { month: formatYearMonthAfterPreposition(value, locale) })
      : t('backoffice.values.months', { count: value });
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

function AddLoanForm({ ownerId }: { ownerId: number }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const { addLoan } = useOwnerMutations(ownerId);
  const [locationId, setLocationId] = useState('');
  const [amount, setAmount] = useState<number | string>('');
  const [issuedAt, setIssuedAt] = useState('');
  const [term, setTerm] = useState<number | string>(36);
  const [rate, setRate] = useState<number | string>(12);
  const error = addLoan.error instanceof ApiError ? addLoan.error : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!locationId) return;
        addLoan.mutate(
          {
            locationId: Number(locationId),
            amount: Number(amount),
            issuedAt,
            termYearMonth: Number(term),
            ratePercent: Number(rate),
          },
          { onSuccess: () => setAmount('') },
        );
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 6 }} spacing="sm" style={{ alignItems: 'end' }}>
        <NativeSelect
          label={t('backoffice.owner.location')}
          data={[
            { value: '', label: '' },
            ...(catalogue.data?.locations ?? []).map((location) => ({
              value: String(location.id),
              label: location.name,
            })),
          ]}
          value={locationId}
          onChange={(event) => setLocationId(event.currentTarget.value)}
          data-testid="add-loan-location"
        />
        <NumberInput
          label={t('backoffice.owner.amount')}
          value={amount}
          onChange={setAmount}
          min={1}
          thousandSeparator=" "
          error={error?.fields.amount}
        />
        <TextInput
          label={t('backoffice.owner.issuedAt')}
          type="date"
          value={issuedAt}
          onChange={(event) => setIssuedAt(event.currentTarget.value)}
          error={error?.fields.issuedAt}
        />
        <NumberInput label={t('backoffice.owner.term')} value={term} onChange={setTerm} min={1} max={600} />
        <NumberInput
          label={t('backoffice.owner.rate')}
          value={rate}
          onChange={setRate}
          min={0}
          max={100}
          decimalScale={2}
        />
        <Button type="submit" disabled={!locationId || !amount || !issuedAt} loading={addLoan.isPending}>
          {t('backoffice.owner.addLoan')}
        </Button>
      </SimpleGrid>
      <ApiErrorAlert error={error} hideOnFields inline mt="xs" />
    </form>
  );
}
