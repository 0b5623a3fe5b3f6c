import { Button, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session';
import { Field } from './base-data-block';
import { RequestChangeModal } from './request-change-modal';

/** Hidden for private persons; a sole proprietor has OGRNIP and one address, a company KPP, OGRN and a legal address. */
export function BankDetailsBlock() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [requesting, setRequesting] = useState(false);
  const close = useCallback(() => setRequesting(false), []);
  if (profile.organizationType.code === 'individual') return null;
  const bank = profile.bankDetails;
  const company = profile.organizationType.code === 'company';
  return (
    <Paper withBorder radius="md" p="lg" data-testid="bank-details">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {t('profile.bankDetails')}
        </Title>
        <Button
          variant="light"
          size="xs"
          onClick={() => setRequesting(true)}
          data-testid="request-bank-change"
        >
          {t('profile.requestChange')}
        </Button>
      </Group>
      {bank ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label={t('profile.inn')} value={bank.inn} />
          {company && <Field label={t('profile.kpp')} value={bank.kpp} />}
          <Field label={t(company ? 'profile.ogrn' : 'profile.ogrnip')} value={bank.ogrn} />
          <Field label={t('profile.bik')} value={bank.bik} />
          <Field label={t('profile.bankName')} value={bank.bankName} />
          <Field label={t('profile.paymentAccount')} value={bank.paymentAccount} />
          {company && <Field label={t('profile.jurAddress')} value={bank.jurAddress} />}
          <Field label={t('profile.address')} value={bank.address} />
        </SimpleGrid>
      ) : (
        <Text c="dimmed" size="sm">
          {t('profile.noBankDetails')}
        </Text>
      )}
      <RequestChangeModal kind="bank_details" opened={requesting} onClose={close} />
    </Paper>
  );
}
