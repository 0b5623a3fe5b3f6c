import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { OwnerDetail } from '@portal/contract/backoffice';
import { type LoanPayment, loanBodySchema, loanPaymentBodySchema } from '@portal/contract/backoffice-loans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatMoney,
  formatYearMonth,
  formatYearMonthAfterPreposition,
} from '../../../shared/format';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { ConfirmDialog } from '../confirm-dialog';
import { FormModal, useConsoleForm } from '../form-modal';
import { IdCell } from '../id-cell';
import { DataTable } from '../list-page';
import { useCatalogue } from '../queries';
import { useLoanMutations, useLoanPayments, usePaymentMutations } from './loan-queries';
import { useOwnerMutations } from './queries';

type Loan = OwnerDetail['loans'][number];

/** yyyymm from the month input's «2027-02», and back; an empty input is NaN, which the contract refuses. */
const toYearMonth = (value: string) =>
  /^\d{4}-\d{2}$/.test(value) ? Number(value.replace('-', '')) : Number.NaN;
const toMonthInput = (yearMonth: number) =>
  `${Math.floor(yearMonth / 100)}-${String(yearMonth % 100).padStart(2, '0')}`;
const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/**
 * A lender's loans on the client's card: each can be corrected, removed after a question (the server refuses while
 * the loan has payments: they are the lender's income history), and its monthly payments listed, added, corrected
 * and deleted. The term is the month the loan ends, as the lender's income page shows it («до февраля 2027»).
 */
export function OwnerLoans({ owner }: { owner: OwnerDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const mutations = useLoanMutations(owner.id);
  const [editing, setEditing] = useState<Loan | 'new' | null>(null);
  const [removing, setRemoving] = useState<Loan | null>(null);
  const [paying, setPaying] = useState<Loan | null>(null);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('backoffice.owner.loans')}
          </Title>
          <Button size="xs" onClick={() => setEditing('new')} data-testid="add-loan">
            {t('backoffice.owner.addLoan')}
          </Button>
        </Group>
        {owner.loans.length === 0 ? (
          <Text c="dimmed">{t('backoffice.owner.noLoans')}</Text>
        ) : (
          <DataTable
            rows={owner.loans}
            rowKey={(loan) => loan.id}
            label={t('backoffice.owner.loans')}
            minWidth={760}
            testId="owner-loans"
            rowTestId={(loan) => `owner-loan-${loan.id}`}
            columns={[
              {
                key: 'location',
                header: t('backoffice.owner.location'),
                cell: (loan) => (
                  <>
                    <Text size="sm">{(locale === 'en' && loan.locationNameEn) || loan.locationName}</Text>
                    <IdCell id={loan.id} />
                  </>
                ),
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
                cell: (loan) =>
                  t('finance.loanTermValue', {
                    month: formatYearMonthAfterPreposition(loan.termYearMonth, locale),
                  }),
              },
              { key: 'rate', header: t('backoffice.owner.rate'), cell: (loan) => loan.ratePercent },
              {
                key: 'actions',
                cell: (loan) => (
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setPaying(loan)}
                      data-testid="loan-payments"
                    >
                      {t('backofficeLoans.payments')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setEditing(loan)}
                      data-testid="edit-loan"
                    >
                      {t('backofficeLoans.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRemoving(loan)}
                      data-testid="remove-loan"
                    >
                      {t('backofficeLoans.remove')}
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Stack>
      {editing && (
        <LoanForm
          ownerId={owner.id}
          loan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('backofficeLoans.removeTitle')}
          text={t('backofficeLoans.removeText', {
            amount: formatMoney(removing.amount, locale),
            location: (locale === 'en' && removing.locationNameEn) || removing.locationName,
          })}
          confirmLabel={t('backofficeLoans.remove')}
          action={mutations.remove}
          onConfirm={() => mutations.remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
          onClose={() => setRemoving(null)}
        />
      )}
      {paying && <LoanPayments ownerId={owner.id} loan={paying} onClose={() => setPaying(null)} />}
    </Paper>
  );
}

function LoanForm({ ownerId, loan, onClose }: { ownerId: number; loan: Loan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const mutations = useLoanMutations(ownerId);
  const { addLoan } = useOwnerMutations(ownerId);
  const saving = loan ? mutations.update : addLoan;
  const form = useConsoleForm(
    () => ({
      locationId: loan ? String(loan.locationId) : '',
      amount: (loan?.amount ?? '') as number | string,
      issuedAt: loan?.issuedAt ?? '',
      term: loan ? toMonthInput(loan.termYearMonth) : '',
      rate: (loan?.ratePercent ?? 12) as number | string,
    }),
    saving,
    loanBodySchema,
  );
  const { values, set, errors } = form;
  const body = {
    locationId: values.locationId ? Number(values.locationId) : Number.NaN,
    amount: numberOf(values.amount),
    issuedAt: values.issuedAt,
    termYearMonth: toYearMonth(values.term),
    ratePercent: numberOf(values.rate),
  };
  const close = () => {
    saving.reset();
    onClose();
  };
  return (
    <FormModal
      title={loan ? t('backofficeLoans.editTitle', { id: loan.id }) : t('backoffice.owner.addLoan')}
      testId="loan-form"
      saving={saving}
      onClose={close}
      onSubmit={() => {
        if (!form.check(body)) return;
        if (loan) mutations.update.mutate({ loanId: loan.id, ...body }, { onSuccess: onClose });
        else addLoan.mutate(body, { onSuccess: onClose });
      }}
    >
      <NativeSelect
        label={t('backoffice.owner.location')}
        data={[
          { value: '', label: '' },
          ...(catalogue.data?.locations ?? []).map((location) => ({
            value: String(location.id),
            label: location.name,
          })),
        ]}
        value={values.locationId}
        onChange={(event) => set('locationId', event.currentTarget.value)}
        error={errors.locationId}
        data-testid="loan-location"
      />
      <NumberInput
        label={t('backoffice.owner.amount')}
        value={values.amount}
        onChange={(value) => set('amount', value)}
        error={errors.amount}
        min={1}
        decimalScale={2}
        thousandSeparator=" "
        data-testid="loan-amount"
      />
      <TextInput
        label={t('backoffice.owner.issuedAt')}
        type="date"
        value={values.issuedAt}
        onChange={(event) => set('issuedAt', event.currentTarget.value)}
        error={errors.issuedAt}
        data-testid="loan-issued-at"
      />
      <TextInput
        label={t('backoffice.owner.term')}
        description={t('backofficeLoans.termHint')}
        type="month"
        placeholder="2027-02"
        value={values.term}
        onChange={(event) => set('term', event.currentTarget.value)}
        error={errors.termYearMonth}
        data-testid="loan-term"
      />
      <NumberInput
        label={t('backoffice.owner.rate')}
        value={values.rate}
        onChange={(value) => set('rate', value)}
        error={errors.ratePercent}
        min={0}
        max={100}
        decimalScale={2}
        data-testid="loan-rate"
      />
    </FormModal>
  );
}

/** A loan's payments, newest month first, with the form that adds one. */
function LoanPayments({ ownerId, loan, onClose }: { ownerId: number; loan: Loan; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const payments = useLoanPayments(ownerId, loan.id);
  const mutations = usePaymentMutations(ownerId, loan.id);
  const [editing, setEditing] = useState<LoanPayment | 'new' | null>(null);
  const [removing, setRemoving] = useState<LoanPayment | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('backofficeLoans.paymentsTitle', {
        amount: formatMoney(loan.amount, locale),
        location: (locale === 'en' && loan.locationNameEn) || loan.locationName,
      })}
    >
      <Stack data-testid="loan-payments-dialog">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {payments.data
              ? t('backofficeLoans.paidTotal', { amount: formatMoney(payments.data.total, locale) })
              : ''}
          </Text>
          <Button size="xs" onClick={() => setEditing('new')} data-testid="add-payment">
            {t('backofficeLoans.addPayment')}
          </Button>
        </Group>
        {payments.isPending ? (
          <LoadingState />
        ) : payments.isError ? (
          <ErrorState onRetry={() => void payments.refetch()} />
        ) : payments.data.items.length === 0 ? (
          <Text c="dimmed">{t('backofficeLoans.noPayments')}</Text>
        ) : (
          <DataTable
            rows={payments.data.items}
            rowKey={(payment) => payment.id}
            label={t('backofficeLoans.payments')}
            minWidth={420}
            testId="payments"
            rowTestId={(payment) => `payment-${payment.yearMonth}`}
            columns={[
              {
                key: 'month',
                header: t('backofficeLoans.month'),
                cell: (payment) => formatYearMonth(payment.yearMonth, locale),
              },
              {
                key: 'amount',
                header: t('backofficeLoans.paymentAmount'),
                cell: (payment) => formatMoney(payment.amount, locale),
              },
              {
                key: 'actions',
                cell: (payment) => (
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setEditing(payment)}
                      data-testid="edit-payment"
                    >
                      {t('backofficeLoans.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRemoving(payment)}
                      data-testid="remove-payment"
                    >
                      {t('backofficeLoans.remove')}
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Stack>
      {editing && (
        <PaymentForm
          ownerId={ownerId}
          loanId={loan.id}
          payment={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('backofficeLoans.removePaymentTitle')}
          text={t('backofficeLoans.removePaymentText', {
            month: formatYearMonth(removing.yearMonth, locale),
            amount: formatMoney(removing.amount, locale),
          })}
          confirmLabel={t('backofficeLoans.remove')}
          action={mutations.remove}
          onConfirm={() => mutations.remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
          onClose={() => setRemoving(null)}
        />
      )}
    </Modal>
  );
}

function PaymentForm({
  ownerId,
  loanId,
  payment,
  onClose,
}: {
  ownerId: number;
  loanId: number;
  payment: LoanPayment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mutations = usePaymentMutations(ownerId, loanId);
  const saving = payment ? mutations.update : mutations.add;
  const form = useConsoleForm(
    () => ({
      month: payment ? toMonthInput(payment.yearMonth) : '',
      amount: (payment?.amount ?? '') as number | string,
    }),
    saving,
    loanPaymentBodySchema,
  );
  const { values, set, errors } = form;
  const body = { yearMonth: toYearMonth(values.month), amount: numberOf(values.amount) };
  return (
    <FormModal
      title={payment ? t('backofficeLoans.editPayment') : t('backofficeLoans.addPayment')}
      testId="payment-form"
      saving={saving}
      onClose={() => {
        saving.reset();
        onClose();
      }}
      onSubmit={() => {
        if (!form.check(body)) return;
        if (payment) mutations.update.mutate({ paymentId: payment.id, ...body }, { onSuccess: onClose });
        else mutations.add.mutate(body, { onSuccess: onClose });
      }}
    >
      <TextInput
        label={t('backofficeLoans.month')}
        type="month"
        placeholder="2026-10"
        value={values.month}
        onChange={(event) => set('month', event.currentTarget.value)}
        error={errors.yearMonth}
        data-testid="payment-month"
      />
      <NumberInput
        label={t('backofficeLoans.paymentAmount')}
        value={values.amount}
        onChange={(value) => set('amount', value)}
        error={errors.amount}
        min={0}
        decimalScale={2}
        thousandSeparator=" "
        data-testid="payment-amount"
      />
    </FormModal>
  );
}
