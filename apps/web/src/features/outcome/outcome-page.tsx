import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import { DEMO_PROFILE_ID } from '@portal/contract/constants';
import { FIRST_MONTH, lastCompleteMonth, monthOf, yearMonthOf, yearOf } from '@portal/contract/periods';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { downloadFile } from '../../shared/api/client';
import { nowMs } from '../../shared/clock';
import { formatDate, formatMoney, formatPercent } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { pickedMonth, yearMonthOfPicked } from '../../shared/time';
import { InfoPopover } from '../../shared/ui/info-popover';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { ScrollCue } from '../../shared/ui/scroll-cue';
import { Change, Stat } from '../../shared/ui/stat';
import { type AmountSort, categoriesOf, visibleRows } from './outcome-rows';
import { outcomeQueries } from './queries';

/** /dashboard/outcome/ (rooms) and /dashboard/outcome-periphery/ (outbuildings); investors only. */
export function OutcomePage({ part }: { part: 'main' | 'periphery' }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const { currentRole, currentLocation, profile } = useSession();
  // The last complete month first: the bank rows of the current one are still coming in.
  const [month, setMonth] = useState(() => lastCompleteMonth(nowMs()));
  const [tab, setTab] = useState<'income' | 'expenses'>('income');
  const [categories, setCategories] = useState<string[]>([]);
  const [sort, setSort] = useState<AmountSort>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const location = currentLocation?.id;
  const demo = profile.id === DEMO_PROFILE_ID;
  const year = yearOf(month);
  const monthNumber = monthOf(month);
  // Disabled until the location is known; the key then names it (0 never reaches the server).
  const data = useQuery({
    ...outcomeQueries.month(part, location ?? 0, year, monthNumber),
    enabled: currentRole === 'INVESTOR' && location !== undefined,
  });

  if (currentRole !== 'INVESTOR') return <Navigate to="/dashboard/" replace />;
  const title = t(part === 'main' ? 'finance.outcomeTitle' : 'finance.outcomePeripheryTitle');
  const onDownload = async () => {
    setDownloadError(null);
    try {
      await downloadFile('GET /outcome/xls', {
        query: { date: `${year}-${String(monthNumber).padStart(2, '0')}`, locationId: location, part },
      });
    } catch (error) {
      setDownloadError(t('finance.downloadFailed', { message: (error as Error).message }));
    }
  };
  const rows = data.data ? (tab === 'income' ? data.data.incomes : data.data.outcomes) : [];
  const shown = visibleRows(rows, categories, sort);

  return (
    <DatesProvider settings={{ locale }}>
      <Stack gap="md" className="page">
        <Group justify="space-between" align="end" wrap="wrap">
          <Stack gap={2}>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('finance.outcomeNote')}
            </Text>
          </Stack>
          <Group align="end" wrap="wrap">
            {!demo && (
              <MonthPickerInput
                label={t('finance.month')}
                value={pickedMonth(month)}
                onChange={(value) => value && setMonth(yearMonthOfPicked(value))}
                maxDate={pickedMonth(yearMonthOf(nowMs()))}
                minDate={pickedMonth(FIRST_MONTH)}
                w={200}
                data-testid="outcome-month"
              />
            )}
            <Button variant="light" onClick={() => void onDownload()} data-testid="outcome-download">
              {t('finance.download')}
            </Button>
          </Group>
        </Group>
        {downloadError && (
          <Alert color="red" variant="light">
            {downloadError}
          </Alert>
        )}
        {location === undefined ? (
          // No location of the owner's yet: nothing will ever load, so the page says there is no data.
          <EmptyState title={t('finance.emptyOutcome')} text={t('finance.emptyOutcomeText')} />
        ) : data.isPending ? (
          <LoadingState />
        ) : data.isError ? (
          <ErrorState onRetry={() => void data.refetch()} />
        ) : data.data.incomes.length + data.data.outcomes.length === 0 ? (
          <EmptyState title={t('finance.emptyOutcome')} text={t('finance.emptyOutcomeText')} />
        ) : (
          <>
            {data.data.isSample && (
              <Badge color="orange" variant="light">
                {t('finance.sample')}
              </Badge>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="outcome-summary">
              <Stat
                label={t('finance.complexIncome')}
                value={formatMoney(data.data.incomeTotal, locale)}
                extra={<Change value={data.data.incomePercent} suffix={t('finance.vsPrevious')} />}
              />
              <Stat
                label={t('finance.opex')}
                value={formatMoney(data.data.outcomeTotal, locale)}
                hint={<InfoPopover label={t('finance.opex')} text={t('finance.helpOpex')} />}
                extra={<Text size="sm">{formatPercent(data.data.outcomePercent)}</Text>}
              />
              <Stat
                label={t('finance.gop')}
                value={formatMoney(data.data.gop, locale)}
                hint={<InfoPopover label={t('finance.gop')} text={t('finance.helpGop')} />}
                extra={<Text size="sm">{formatPercent(data.data.gopPercent)}</Text>}
              />
            </SimpleGrid>
            <Paper withBorder radius="md" p="md">
              <Tabs
                value={tab}
                onChange={(value) => {
                  setTab(value === 'expenses' ? 'expenses' : 'income');
                  setCategories([]);
                }}
              >
                <Tabs.List mb="md">
                  <Tabs.Tab value="income">{t('finance.tabIncome')}</Tabs.Tab>
                  <Tabs.Tab value="expenses">{t('finance.tabExpenses')}</Tabs.Tab>
                </Tabs.List>
              </Tabs>
              <Group align="end" wrap="wrap" mb="sm">
                <MultiSelect
                  label={t('finance.categories')}
                  placeholder={categories.length === 0 ? t('finance.allCategories') : undefined}
                  data={categoriesOf(rows, locale === 'en')}
                  value={categories}
                  onChange={setCategories}
                  clearable
                  w={{ base: '100%', sm: 320 }}
                  data-testid="category-filter"
                />
                <SegmentedControl
                  size="xs"
                  w={{ base: '100%', sm: 'auto' }}
                  aria-label={t('finance.sortAmount')}
                  value={sort ?? 'none'}
                  onChange={(value) => setSort(value === 'asc' || value === 'desc' ? value : null)}
                  data={[
                    { value: 'none', label: t('finance.date') },
                    { value: 'asc', label: t('finance.sortAsc') },
                    { value: 'desc', label: t('finance.sortDesc') },
                  ]}
                  data-testid="amount-sort"
                />
              </Group>
              <ScrollCue minWidth={560}>
                <Table striped data-testid="outcome-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('finance.date')}</Table.Th>
                      <Table.Th>{t('finance.category')}</Table.Th>
                      <Table.Th>{t('finance.article')}</Table.Th>
                      <Table.Th ta="right">{t('finance.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>{formatDate(row.date, locale)}</Table.Td>
                        <Table.Td>{locale === 'en' ? row.category.textEn : row.category.text}</Table.Td>
                        <Table.Td>{row.article}</Table.Td>
                        <Table.Td ta="right" data-amount={row.amount}>
                          {formatMoney(row.amount, locale, 2)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollCue>
            </Paper>
          </>
        )}
      </Stack>
    </DatesProvider>
  );
}
