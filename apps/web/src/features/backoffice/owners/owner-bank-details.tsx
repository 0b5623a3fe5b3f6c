import { Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { ManagerRequest, OwnerDetail } from '@portal/contract/backoffice';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { CardSave } from './owner-form';
import { ApplyingRequest } from './owner-requests';
import { useOwnerMutations } from './queries';

type Field = 'inn' | 'kpp' | 'ogrn' | 'bik' | 'bankName' | 'paymentAccount' | 'jurAddress' | 'address';

function toValues(owner: OwnerDetail): Record<Field, string> {
  const bank = owner.bankDetails;
  return {
    inn: bank?.inn ?? '',
    kpp: bank?.kpp ?? '',
    ogrn: bank?.ogrn ?? '',
    bik: bank?.bik ?? '',
    bankName: bank?.bankName ?? '',
    paymentAccount: bank?.paymentAccount ?? '',
    jurAddress: bank?.jurAddress ?? '',
    address: bank?.address ?? '',
  };
}

/**
 * The bank details of a sole proprietor or a company, which owners change only by a request: the manager types the
 * new details here, and with a bank-details request chosen the save also completes it.
 */
export function OwnerBankDetails({
  owner,
  applying,
  onApplied,
  onApplyCancel,
}: {
  owner: OwnerDetail;
  applying: ManagerRequest | null;
  onApplied: () => void;
  onApplyCancel: () => void;
}) {
  const { t } = useTranslation();
  const company = owner.organizationType === 'company';
  const [values, setValues] = useState(() => toValues(owner));
  const [comment, setComment] = useState(() => t('backoffice.owner.bankAppliedComment'));
  const [saved, setSaved] = useState(false);
  const save = useOwnerMutations(owner.id).saveBankDetails;
  const section = useRef<HTMLDivElement>(null);
  // The form lies below the requests list: bring it into view when a request is being applied.
  useEffect(() => {
    if (applying) section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [applying]);
  const serverError = save.error instanceof ApiError ? save.error : null;
  const fields: Field[] = company
    ? ['inn', 'kpp', 'ogrn', 'bik', 'bankName', 'paymentAccount', 'jurAddress', 'address']
    : ['inn', 'ogrn', 'bik', 'bankName', 'paymentAccount', 'address'];
  const label = (field: Field) => t(`profile.${field === 'ogrn' && !company ? 'ogrnip' : field}`);

  return (
    <Paper
      ref={section}
      withBorder
      radius="md"
      p="md"
      style={{ scrollMarginTop: 80 }}
      data-testid="owner-bank-details"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(false);
          save.mutate(
            {
              ...values,
              kpp: company ? values.kpp : null,
              jurAddress: company ? values.jurAddress : null,
              ...(applying ? { requestId: applying.id, requestComment: comment } : {}),
            },
            {
              onSuccess: () => {
                setSaved(true);
                onApplied();
              },
            },
          );
        }}
      >
        <Stack>
          <Title order={2} size="h4">
            {t('profile.bankDetails')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {fields.map((field) => (
              <TextInput
                key={field}
                label={label(field)}
                value={values[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field]: value }));
                  setSaved(false);
                }}
                error={serverError?.fields[field]}
                required
                maxLength={500}
              />
            ))}
          </SimpleGrid>
          {applying && (
            <ApplyingRequest
              request={applying}
              comment={comment}
              onCommentChange={setComment}
              error={serverError?.fields.requestComment ?? serverError?.fields.requestId}
              onCancel={onApplyCancel}
              testId="applying-bank-request"
            />
          )}
          <CardSave
            error={serverError}
            pending={save.isPending}
            completes={Boolean(applying)}
            saved={saved}
          />
        </Stack>
      </form>
    </Paper>
  );
}
