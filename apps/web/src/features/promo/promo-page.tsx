import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { CallbackRequest, SaleLot } from '@portal/contract/promo';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../shared/api/client';
import { requestSubject, useOpenRequests } from '../../shared/api/open-requests';
import { todayIso } from '../../shared/clock';
import { formatArea, formatDate, formatMoney, formatPercent } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';
import { ImageCarousel } from '../../shared/ui/image-carousel';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { maskPhone, PhoneInput } from '../../shared/ui/phone-input';
import {
  applyFilter,
  chooseFilter,
  type FilterKind,
  filterOptions,
  filterValue,
  labelColours,
  lotState,
  type PromoFilter,
  priceMarks,
} from './promo-model';
import { promoQueries } from './queries';

const LOTS_ID = 'lots';

/** /promo/: the marketplace of units offered by investors, for investors and lenders alike. */
export function PromoPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Hero />
      <Lots />
      <Callback />
      <Text size="xs" c="dimmed">
        {t('promo.tax')}
      </Text>
    </Stack>
  );
}

function Hero() {
  const { t } = useTranslation();
  const figures = [
    { value: '35%', label: t('promo.figureProfit') },
    { value: t('promo.figureMonthsValue'), label: t('promo.figureMonths') },
    { value: '16%', label: t('promo.figureMinimum') },
  ];
  return (
    <Paper
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      style={{ background: 'linear-gradient(135deg, #1c7ed6 0%, #0b7285 100%)', color: 'white' }}
      data-testid="promo-hero"
    >
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('promo.title')}
        </Title>
        <Text maw={640}>{t('promo.lead')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {figures.map((f) => (
            <Box key={f.label}>
              <Text fz={36} fw={700} lh={1.1}>
                {f.value}
              </Text>
              <Text size="sm" style={{ opacity: 0.9 }}>
                {f.label}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Group>
          <Button
            variant="white"
            onClick={() => document.getElementById(LOTS_ID)?.scrollIntoView({ behavior: 'smooth' })}
          >
            {t('promo.viewUnits')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Lots() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const lots = useQuery(promoQueries.lots());
  const [filter, setFilter] = useState<PromoFilter>(null);
  const [chosen, setChosen] = useState<SaleLot | null>(null);
  const [done, setDone] = useState(false);
  // Lots asked for in this visit: their button stays disabled, so one click never becomes two requests; after a
  // reload the server's list of open requests keeps it so until the manager completes the request.
  const [requested, setRequested] = useState<ReadonlySet<string>>(new Set());
  const openRequests = useOpenRequests();
  const day = todayIso();
  const all = lots.data?.lots ?? [];
  const options = useMemo(() => filterOptions(all, en), [all, en]);
  const shown = applyFilter(all, filter, day);
  const select = (kind: FilterKind) => ({
    value: filterValue(filter, kind),
    onChange: (value: string | null) => setFilter(chooseFilter(filter, kind, value)),
    clearable: true,
    allowDeselect: true,
    placeholder: t('promo.all'),
    comboboxProps: { withinPortal: true },
  });

  let body: React.ReactNode;
  if (lots.isPending) body = <LoadingState />;
  else if (lots.isError) body = <ErrorState onRetry={() => void lots.refetch()} />;
  else if (all.length === 0) body = <EmptyState title={t('promo.empty')} />;
  else
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" maw={900}>
          <Select
            label={t('promo.filterLocation')}
            data={options.location}
            {...select('location')}
            data-testid="filter-location"
          />
          <Select
            label={t('promo.filterType')}
            data={options.unitType.map((value) => ({ value, label: t(`promo.part.${value}`) }))}
            {...select('unitType')}
            data-testid="filter-type"
          />
          <Select
            label={t('promo.filterState')}
            data={(['operating', 'building'] as const).map((value) => ({
              value,
              label: t(`promo.state.${value}`),
            }))}
            {...select('unitState')}
            data-testid="filter-state"
          />
        </SimpleGrid>
        {shown.length === 0 ? (
          <EmptyState title={t('promo.noneFiltered')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {shown.map((lot) => (
              <LotCard
                key={`${lot.source}-${lot.lot_id}`}
                lot={lot}
                today={day}
                requested={
                  requested.has(lotKey(lot)) ||
                  openRequests.isOpen('buy_lot', requestSubject.buyLot(lot.investor_id, lot.unit_id))
                }
                onRequest={() => setChosen(lot)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    );

  return (
    <Stack gap="md" id={LOTS_ID} style={{ scrollMarginTop: 80 }}>
      <Title order={2} size="h3">
        {t('promo.lotsTitle')}
      </Title>
      {body}
      <BuyDialog
        lot={chosen}
        onClose={() => setChosen(null)}
        onSent={() => {
          if (chosen) setRequested((keys) => new Set(keys).add(lotKey(chosen)));
          setChosen(null);
          setDone(true);
          void openRequests.refresh();
        }}
        onDuplicate={() => void openRequests.refresh()}
      />
      <Modal opened={done} onClose={() => setDone(false)} title={t('promo.doneTitle')} centered>
        <Stack gap="sm">
          <Text size="sm">{t('promo.doneText')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setDone(false)}>{t('common.ok')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function PriceRow({
  label,
  value,
  strong,
  struck,
}: {
  label: string;
  value: string;
  strong?: boolean;
  struck?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        td={struck ? 'line-through' : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
}

const lotKey = (lot: SaleLot) => `${lot.source}-${lot.lot_id}`;

function LotCard({
  lot,
  today: day,
  requested,
  onRequest,
}: {
  lot: SaleLot;
  today: string;
  requested: boolean;
  onRequest: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const en = locale === 'en';
  const colours = labelColours(lot, day);
  const name = en ? lot.nameEn : lot.name;
  // The server marks the user's own lots; the profile id is the same check for a list cached before a switch.
  const own = lot.isOwn || (lot.source === 'investor' && lot.investor_id === profile.id);
  const description = en ? lot.descriptionEn : lot.description;
  const marks = priceMarks(lot);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="lot-card">
      <ImageCarousel
        images={lot.photo_url}
        alt={name}
        labels={{ previous: t('promo.previousPhoto'), next: t('promo.nextPhoto') }}
      />
      <Stack gap={6} p="md">
        <Group gap={6}>
          <Badge
            color={colours.location}
            variant="light"
            tt="none"
            maw="100%"
            h="auto"
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
            data-testid="label-location"
          >
            {en ? lot.locationEn : lot.location}
          </Badge>
          <Badge color={colours.unitType} variant="light" tt="none" maw="100%" data-testid="label-type">
            {en ? lot.activeTypeEn : lot.activeType}
          </Badge>
          <Badge color={colours.unitState} variant="light" tt="none" maw="100%" data-testid="label-state">
            {t(`promo.state.${lotState(lot, day)}`)}
          </Badge>
          {lot.promo && (
            <Badge color="red" variant="filled">
              {lot.promo}
            </Badge>
          )}
        </Group>
        <Title order={3} size="h4">
          {name}
        </Title>
        <Group gap="lg">
          <Text size="sm">{t('promo.guests', { count: lot.capacity })}</Text>
          <Text size="sm">{formatArea(lot.area, locale)}</Text>
        </Group>
        {description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="lot-description">
            {description}
          </Text>
        )}
        <PriceRow label={t('promo.launchDate')} value={formatDate(lot.launchDate, locale)} />
        <PriceRow label={t('promo.profitability')} value={formatPercent(lot.profit)} />
        <PriceRow
          label={t('promo.defaultPrice')}
          value={formatMoney(lot.defaultPrice, locale)}
          struck={marks.strikeMarket}
        />
        {marks.showDiscount && lot.discountPrice !== null && (
          <PriceRow label={t('promo.discountPrice')} value={formatMoney(lot.discountPrice, locale)} />
        )}
        <PriceRow label={t('promo.investorPrice')} value={formatMoney(lot.price, locale)} strong />
        {own ? (
          <Text size="sm" c="dimmed" mt="sm" data-testid="own-lot">
            {t('promo.ownLot')}
          </Text>
        ) : (
          <Button mt="sm" onClick={onRequest} disabled={requested} data-testid="lot-request">
            {requested ? t('promo.requestSent') : t('promo.leaveRequest')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function BuyDialog({
  lot,
  onClose,
  onSent,
  onDuplicate,
}: {
  lot: SaleLot | null;
  onClose: () => void;
  onSent: () => void;
  /** 409: the request was sent before (another tab, another device); the dialog says so. */
  onDuplicate: () => void;
}) {
  const { t, i18n } = useTranslation();
  const send = useMutation({
    mutationFn: (target: SaleLot) =>
      call('POST /sale-unit/send-buy-request', {
        body: { owner_investor_id: target.investor_id, unit_id: target.unit_id },
      }),
    onSuccess: () => {
      send.reset();
      onSent();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) onDuplicate();
    },
  });
  const close = () => {
    send.reset();
    onClose();
  };
  return (
    <Modal opened={lot !== null} onClose={close} title={t('promo.confirmTitle')} centered>
      {lot && (
        <Stack gap="sm">
          <Text size="sm">
            {t('promo.confirmText', { name: i18n.language === 'en' ? lot.nameEn : lot.name })}
          </Text>
          <ApiErrorAlert error={send.error} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => send.mutate(lot)} loading={send.isPending}>
              {t('common.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Callback() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [phone, setPhone] = useState(() => (profile.phone ? maskPhone(profile.phone) : ''));
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const openRequests = useOpenRequests();
  // A callback asked for earlier and not yet completed by the manager shows as asked after a reload.
  const requested = sent || openRequests.isOpen('callback');
  const send = useMutation({
    mutationFn: (body: CallbackRequest) => call('POST /suggestions/booking', { body }),
    onSuccess: () => {
      setSent(true);
      void openRequests.refresh();
    },
    onError: (e) => {
      setError(e.message);
      if (e instanceof ApiError && e.status === 409) void openRequests.refresh();
    },
  });
  const submit = () => {
    // Sent only with a phone (spec: Validation rules).
    if (phone.replace(/\D/g, '').length === 0) {
      setError(t('promo.phoneRequired'));
      return;
    }
    send.mutate({ phone });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="callback">
      <Stack gap="sm" maw={520}>
        <Title order={2} size="h3">
          {t('promo.callbackTitle')}
        </Title>
        {requested ? (
          <Alert color="green" variant="light" data-testid="callback-done">
            {t('promo.callbackDone')}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('promo.callbackText')}
            </Text>
            <Group align="flex-start" gap="sm">
              <PhoneInput
                value={phone}
                onChange={(value) => {
                  setPhone(value);
                  setError(null);
                }}
                aria-label={t('promo.phone')}
                error={error}
                style={{ flex: '1 1 220px' }}
                data-testid="callback-phone"
              />
              <Button onClick={submit} loading={send.isPending}>
                {t('promo.callMe')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
