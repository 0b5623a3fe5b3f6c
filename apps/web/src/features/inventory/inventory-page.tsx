import {
  Badge,
  Button,
  Loader,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Tabs,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { InventoryItem } from '@portal/contract/inventory';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { formatDate, formatMoney } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { GalleryModal, type GallerySlide } from '../../shared/ui/gallery';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { ScrollCue } from '../../shared/ui/scroll-cue';
import { type CostSort, groupItems, nextSort } from './inventory-model';
import { inventoryQueries } from './queries';

/** /inventory/: the investor's units of the location, their inventory by space; others go to /dashboard/. */
export function InventoryPage() {
  const { currentRole } = useSession();
  if (currentRole !== 'INVESTOR') return <Navigate to="/dashboard/" replace />;
  return <Inventory />;
}

function Inventory() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { units, currentLocation } = useSession();
  const here = units.filter((u) => u.locationId === currentLocation?.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const unitId = here.some((u) => u.unitId === chosen) ? chosen : (here[0]?.unitId ?? null);
  const [spaces, setSpaces] = useState<string[]>([]);
  const [sort, setSort] = useState<CostSort>(null);
  const items = useQuery({
    ...inventoryQueries.items(unitId ?? 0),
    enabled: unitId !== null,
  });
  const spaceOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const i of items.data?.items ?? []) seen.set(String(i.LocID), en ? i.LocNameEn : i.LocName);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [items.data, en]);
  const groups = useMemo(() => groupItems(items.data?.items ?? [], spaces, sort), [items.data, spaces, sort]);

  let body: React.ReactNode;
  if (!currentLocation) body = <EmptyState title={t('inventory.notProvided')} text={t('inventory.noInfo')} />;
  else if (here.length === 0) body = <EmptyState title={t('inventory.noUnits')} />;
  else if (items.isPending) body = <LoadingState />;
  else if (items.isError) body = <ErrorState onRetry={() => void items.refetch()} />;
  else if (items.data.items.length === 0)
    body = <EmptyState title={t('inventory.notProvided')} text={t('inventory.noInfo')} />;
  else
    body = (
      <Stack gap="md">
        <MultiSelect
          data={spaceOptions}
          value={spaces}
          onChange={setSpaces}
          label={t('inventory.space')}
          placeholder={spaces.length ? undefined : t('inventory.allSpaces')}
          clearable
          maw={420}
          data-testid="space-filter"
        />
        {groups.map((group) => (
          <Paper key={group.id} withBorder radius="md" p="md" data-testid="inventory-group">
            <Title order={2} size="h4" mb="sm">
              {en ? group.nameEn : group.name}
            </Title>
            <ItemsTable
              items={group.items}
              sort={sort}
              onSort={() => setSort(nextSort(sort))}
              label={`${t('inventory.title')}: ${en ? group.nameEn : group.name}`}
            />
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('inventory.title')}
      </Title>
      {here.length > 0 && (
        <Tabs
          value={unitId === null ? null : String(unitId)}
          onChange={(value) => {
            setChosen(Number(value));
            setSpaces([]);
          }}
        >
          <Tabs.List data-testid="unit-tabs">
            {here.map((u) => (
              <Tabs.Tab key={u.unitId} value={String(u.unitId)}>
                {en ? u.unitNameEn : u.unitName}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {body}
    </Stack>
  );
}

/** `label` names the table's scrolling region after its space: each region of the page has a name of its own. */
function ItemsTable({
  items,
  sort,
  onSort,
  label,
}: {
  items: InventoryItem[];
  sort: CostSort;
  onSort: () => void;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const locale = en ? 'en' : 'ru';
  const [gallery, setGallery] = useState<{ itemId: number; index: number } | null>(null);
  const photos = useQuery({
    ...inventoryQueries.images(gallery?.itemId ?? 0),
    enabled: gallery !== null,
  });
  const slides: GallerySlide[] = (photos.data?.images ?? []).map((image) => ({
    // A photo the import names by an https link comes as that link; uploaded ones as their bytes.
    url: image.url ?? `data:${image.mimeType};base64,${image.Image}`,
    isVideo: false,
  }));
  return (
    <>
      <ScrollCue minWidth={600} label={label}>
        <Table striped data-testid="inventory-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('inventory.name')}</Table.Th>
              <Table.Th>{t('inventory.number')}</Table.Th>
              <Table.Th aria-sort={sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : 'none'}>
                <UnstyledButton onClick={onSort} fw={700} fz="sm" data-testid="cost-sort">
                  {t('inventory.cost')} {sort === 'asc' ? '↑' : sort === 'desc' ? '↓' : '↕'}
                </UnstyledButton>
              </Table.Th>
              <Table.Th>{t('inventory.date')}</Table.Th>
              <Table.Th>{t('inventory.status')}</Table.Th>
              <Table.Th>{t('inventory.photo')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.ItemID} data-testid="inventory-row">
                <Table.Td>{en ? item.ItemNameEn : item.ItemName}</Table.Td>
                <Table.Td>{item.InvNumber}</Table.Td>
                <Table.Td data-testid="inventory-cost">{formatMoney(item.Cost, locale)}</Table.Td>
                <Table.Td>{item.InvDate ? formatDate(item.InvDate, locale) : '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {item.InvStatus !== null && (
                    // The whole status, never cut to «ОБН…»: the cell keeps the badge's width.
                    <Badge
                      color={item.InvStatus ? 'green' : 'red'}
                      variant="light"
                      style={{ overflow: 'visible', maxWidth: 'none' }}
                      styles={{ label: { overflow: 'visible' } }}
                      data-testid="inventory-status"
                    >
                      {item.InvStatus ? t('inventory.found') : t('inventory.notFound')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {item.imageCount > 0 && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setGallery({ itemId: item.ItemID, index: 0 })}
                      rightSection={
                        photos.isFetching && gallery?.itemId === item.ItemID ? <Loader size={10} /> : null
                      }
                    >
                      {t('inventory.currentPhoto')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollCue>
      <GalleryModal
        slides={slides}
        index={gallery && slides.length > 0 ? gallery.index : null}
        onIndex={(index) => setGallery((g) => (g ? { ...g, index } : g))}
        onClose={() => setGallery(null)}
      />
    </>
  );
}
