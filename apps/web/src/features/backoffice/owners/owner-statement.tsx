import { Button, Group, NativeSelect, Paper, Text, Title } from '@mantine/core';
import type { OwnerDetail } from '@portal/contract/backoffice';
import { addMonths, lastCompleteMonth, yearOf } from '@portal/contract/periods';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/client';
import { nowMs } from '../../../shared/clock';
import { formatYearMonth } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { useRefresh } from '../queries';

/**
 * The owner's statements: make one again (or one the schedule has not made yet) for one of the last 24 months or
 * the last 3 years; the PDF replaces the earlier one among the owner's documents.
 */
export function OwnerStatement({ owner }: { owner: OwnerDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const last = lastCompleteMonth(nowMs());
  const lastYear = last % 100 === 12 ? yearOf(last) : yearOf(last) - 1;
  const options = [
    ...Array.from({ length: 24 }, (_, i) => addMonths(last, -i)).map((month) => ({
      value: `month:${month}`,
      label: formatYearMonth(month, locale),
    })),
    ...[0, 1, 2].map((i) => ({
      value: `year:${lastYear - i}`,
      label: t('backoffice.owner.statementYear', { year: lastYear - i }),
    })),
  ];
  const [choice, setChoice] = useState(options[0]?.value ?? '');
  const refresh = useRefresh('GET /backoffice/owners/:id/documents');
  const make = useMutation({
    mutationFn: (value: string) => {
      const [kind, period] = value.split(':');
      return call('POST /backoffice/owners/:id/statements', {
        params: { id: owner.id },
        body: { kind: kind === 'year' ? 'year' : 'month', period: Number(period) },
      });
    },
    onSuccess: () => void refresh(),
  });
  return (
    <Paper withBorder radius="md" p="md" data-testid="owner-statement">
      <Title order={2} size="h4" mb={4}>
        {t('backoffice.owner.statementTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('backoffice.owner.statementText')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('backoffice.owner.statementPeriod')}
          data={options}
          value={choice}
          onChange={(event) => setChoice(event.currentTarget.value)}
          data-testid="owner-statement-period"
        />
        <Button
          onClick={() => make.mutate(choice)}
          loading={make.isPending}
          data-testid="owner-statement-make"
        >
          {t('backoffice.owner.statementMake')}
        </Button>
      </Group>
      <Text size="sm" c="forest.8" mt="xs" role="status" aria-live="polite">
        {make.isSuccess && !make.isPending ? t('backoffice.owner.statementDone') : ''}
      </Text>
      <ApiErrorAlert error={make.error} mt="xs" />
    </Paper>
  );
}
