import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { annualYield } from '@portal/contract/money-rules';
import type { ActiveUnit } from '@portal/contract/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { call } from '../../shared/api/client';
import { formatArea, formatDate, formatMoney } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { ImageCarousel } from '../../shared/ui/image-carousel';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { unitsQueries } from './queries';
import { formatYield, groupByLocation, saleAction, validPrice } from './units-model';

/**
 * /units/: the investor's assets by location with the sale flow; lenders have no assets page (spec: Roles and
 * permissions).
 */
export function UnitsPage() {
  const { currentRole } = useSession();
  if (currentRole !== 'INVESTOR') return <Navigate to="/dashboard/" replace />;
  return <Units />;
}

type Dialog =
  | { kind: 'sell'; unit: ActiveUnit }
  | { kind: 'sold'; unit: ActiveUnit }
  | { kind: 'remove'; unit: ActiveUnit }
  | { kind: 'removed'; unit: ActiveUnit }
  | null;

function Units() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const cards = useQuery(unitsQueries.cards());
  const [dialog, setDialog] = useState<Dialog>(null);

  let body: React.ReactNode;
  if (cards.isPending) body = <LoadingState />;
  else if (cards.isError) body = <ErrorState onRetry={() => void cards.refetch()} />;
  else if (cards.data.actives.length === 0) body = <EmptyState title={t('units.empty')} />;
  else
    body = (
      <Stack gap="xl">
        {groupByLocation(cards.data.actives).map((group) => (
          <Stack key={group.locationId} gap="sm" data-testid="units-location">
            <Title order={2} size="h3">
              {en ? group.nameEn : group.name}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {group.units.map(({ unit, index }) => (
                <UnitCard
                  key={unit.unit_id}
                  unit={unit}
                  index={index}
                  onSell={() => setDialog({ kind: 'sell', unit })}
                  onRemove={() => setDialog({ kind: 'remove', unit })}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('units.title')}
      </Title>
      {body}
      <SellDialog
        unit={dialog?.kind === 'sell' ? dialog.unit : null}
        onClose={() => setDialog(null)}
        onSold={(unit) => setDialog({ kind: 'sold', unit })}
      />
      <RemoveDialog
        unit={dialog?.kind === 'remove' ? dialog.unit : null}
        onClose={() => setDialog(null)}
        onRemoved={(unit) => setDialog({ kind: 'removed', unit })}
      />
      <DoneDialog
        opened={dialog?.kind === 'sold'}
        title={t('units.soldTitle')}
        text={t('units.soldText')}
        onClose={() => setDialog(null)}
      >
        <Anchor href="/promo/" target="_blank" rel="noopener" size="sm">
          {t('units.openPromo')}
        </Anchor>
      </DoneDialog>
      <DoneDialog
        opened={dialog?.kind === 'removed'}
        title={t('units.removedTitle')}
        text={t('units.removedText')}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

function UnitCard({
  unit,
  index,
  onSell,
  onRemove,
}: {
  unit: ActiveUnit;
  index: number;
  onSell: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const en = locale === 'en';
  const action = saleAction(unit);
  const name = en ? unit.nameEn : unit.name;
  return (
    <Paper
      id={`unit_${index}`}
      withBorder
      radius="md"
      style={{ overflow: 'hidden', scrollMarginTop: 80 }}
      data-testid="unit-card"
    >
      <ImageCarousel
        images={unit.imageUrls}
        alt={name}
        labels={{ previous: t('units.previousPhoto'), next: t('units.nextPhoto') }}
      />
      <Stack gap={6} p="md">
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" tt="uppercase">
            {en ? unit.unitTypeEn : unit.unitType}
          </Text>
          {unit.is_sale && (
            <Badge color="orange" variant="light" data-testid="on-sale">
              {t('units.onSale')}
            </Badge>
          )}
        </Group>
        <Title order={3} size="h4">
          {name}
        </Title>
        <Field label={t('units.guests')} value={unit.capacity} />
        <Field label={t('units.area')} value={formatArea(unit.area, locale)} />
        <Field label={t('units.invested')} value={formatMoney(unit.invested, locale)} />
        <Field label={t('units.investDate')} value={formatDate(unit.dateOfInvest, locale)} />
        <Field label={t('units.stage')} value={en ? unit.stageEn : unit.stage} />
        {unit.is_sale && unit.salePrice !== null && (
          <Field label={t('units.salePrice')} value={formatMoney(unit.salePrice, locale)} />
        )}
        <Group justify="space-between" mt="sm" gap="xs">
          <Anchor component={Link} to="/dashboard/income/" size="sm">
            {t('units.moreIncome')}
          </Anchor>
          {action === 'sell' && (
            <Button size="xs" onClick={onSell}>
              {t('units.sell')}
            </Button>
          )}
          {action === 'remove' && (
            <Button size="xs" variant="light" color="orange" onClick={onRemove}>
              {t('units.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** After a change of sale state: the manager is told (a failed notice is not the user's problem to see). */
async function notifyManager(unitId: number) {
  await call('POST /sale-unit/send-notification', { body: { unit_id: unitId } }).catch((error: unknown) =>
    console.error(error),
  );
}

function SellDialog({
  unit,
  onClose,
  onSold,
}: {
  unit: ActiveUnit | null;
  onClose: () => void;
  onSold: (unit: ActiveUnit) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const queryClient = useQueryClient();
  const [price, setPrice] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const sell = useMutation({
    mutationFn: async ({ target, value }: { target: ActiveUnit; value: number }) => {
      await call('POST /sale-unit/offer-unit-for-sale', {
        body: { unit_id: target.unit_id, price: value },
      });
      await notifyManager(target.unit_id);
      return target;
    },
    onSuccess: (target) => {
      setPrice('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: unitsQueries.cards().queryKey });
      onSold(target);
    },
    onError: (e) => setError(e.message),
  });
  const close = () => {
    setPrice('');
    setError(null);
    sell.reset();
    onClose();
  };
  const submit = () => {
    const value = validPrice(price);
    if (!unit) return;
    if (value === null) {
      setError(t('units.priceError'));
      return;
    }
    sell.mutate({ target: unit, value });
  };
  const yieldValue = unit ? annualYield(unit.average_monthly_income, unit.invested) : 0;
  return (
    <Modal opened={unit !== null} onClose={close} title={t('units.sellTitle')} centered>
      {unit && (
        <Stack gap="sm">
          <Text size="sm">{locale === 'en' ? unit.nameEn : unit.name}</Text>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('units.yield')}
            </Text>
            <Text fw={600} data-testid="sale-yield">
              {formatYield(yieldValue, locale)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('units.yieldHint')}
          </Text>
          <NumberInput
            label={t('units.price')}
            value={price}
            onChange={(value) => {
              setPrice(value);
              setError(null);
            }}
            min={0}
            decimalScale={2}
            thousandSeparator=" "
            decimalSeparator={locale === 'en' ? '.' : ','}
            suffix=" ₽"
            hideControls
            error={error}
            data-autofocus
            data-testid="sale-price"
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} loading={sell.isPending}>
              {t('common.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function RemoveDialog({
  unit,
  onClose,
  onRemoved,
}: {
  unit: ActiveUnit | null;
  onClose: () => void;
  onRemoved: (unit: ActiveUnit) => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (target: ActiveUnit) => {
      await call('POST /sale-unit/delete-lot', { body: { unit_id: target.unit_id } });
      await notifyManager(target.unit_id);
      return target;
    },
    onSuccess: (target) => {
      void queryClient.invalidateQueries({ queryKey: unitsQueries.cards().queryKey });
      onRemoved(target);
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={unit !== null} onClose={close} title={t('units.removeTitle')} centered>
      {unit && (
        <Stack gap="sm">
          <Text size="sm">
            {t('units.removeText', { name: i18n.language === 'en' ? unit.nameEn : unit.name })}
          </Text>
          <ApiErrorAlert error={remove.error} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color="orange" onClick={() => remove.mutate(unit)} loading={remove.isPending}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function DoneDialog({
  opened,
  title,
  text,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  text: string;
  onClose: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        {children}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
