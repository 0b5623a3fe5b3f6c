import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { WHOLE_LOCATION_TAB_ID } from '@portal/contract/constants';
import {
  type PeripheryEntry,
  type PeripheryStage,
  TIMELINE_STATUS,
  type TimelineStatusId,
} from '@portal/contract/timeline';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../shared/format';
import { TimelineTabStrip } from '../../shared/timeline/timeline-tab-strip';
import { useTimelineTabs } from '../../shared/timeline/use-timeline-tabs';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { useLocationTimeline, useUnitTimeline } from './queries';
import { Star, StatusIcon, StatusLegend } from './status-icon';
import {
  hasUnitTimeline,
  type LocationNode,
  nestLocationTimeline,
  type TimelineRow,
  timelineRows,
} from './timeline-rows';

const useLocale = () => {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ru';
};
const GREY_TEXT = 'dimmed';

/**
 * /dashboard/timeline/: the unit tab strip, then the chosen unit's capitalization and construction timeline, or
 * for the whole location (1488) and lenders' tabs the location timeline (with the periphery stages for investors).
 */
export function TimelinePage() {
  const { t } = useTranslation();
  const { tabs, tab, setTab, lender } = useTimelineTabs();
  let body: React.ReactNode;
  // No tab: an investor without a location of their own yet.
  if (!tab) body = <NoData />;
  else if (lender || tab.id === WHOLE_LOCATION_TAB_ID)
    body = <LocationTimelineView locationId={tab.locationId} withPeriphery={!lender} />;
  else body = <UnitTimelineView userUnitId={tab.id} />;
  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('timeline.title')}
      </Title>
      <TimelineTabStrip tabs={tabs} value={tab?.id ?? null} onChange={setTab} />
      {body}
    </Stack>
  );
}

function NoData() {
  const { t } = useTranslation();
  return <EmptyState title={t('timeline.noData')} text={t('timeline.noDataText')} />;
}

function UnitTimelineView({ userUnitId }: { userUnitId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const en = locale === 'en';
  const timeline = useUnitTimeline(userUnitId);
  const rows = useMemo(() => (timeline.data ? timelineRows(timeline.data) : []), [timeline.data]);
  if (timeline.isPending) return <LoadingState />;
  if (timeline.isError) return <ErrorState onRetry={() => void timeline.refetch()} />;
  const data = timeline.data;
  if (!hasUnitTimeline(data)) return <NoData />;
  return (
    <Stack gap="md" data-testid="unit-timeline">
      {data.capitalizationStageName !== null && (
        <Paper withBorder radius="md" p="md" data-testid="capitalization">
          <Text size="sm" c="dimmed">
            {t('timeline.capitalizationStage')}
          </Text>
          <Title order={2} size="h4">
            {en ? data.capitalizationStageNameEn : data.capitalizationStageName}
          </Title>
          {(en ? data.capitalizationStageDescriptionEn : data.capitalizationStageDescription) && (
            <Text size="sm" mt={4}>
              {en ? data.capitalizationStageDescriptionEn : data.capitalizationStageDescription}
            </Text>
          )}
        </Paper>
      )}
      <Group justify="space-between" align="center">
        <Title order={2} size="h4">
          {t('timeline.construction')}
        </Title>
        <StatusLegend />
      </Group>
      <Stack gap={0} component="ol" className="timeline-list" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <UnitRow key={row.id} row={row} />
        ))}
      </Stack>
    </Stack>
  );
}

function UnitRow({ row }: { row: TimelineRow }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const en = locale === 'en';
  const grey = row.status === TIMELINE_STATUS.notStarted;
  const description = en ? row.descriptionEn : row.description;
  return (
    <Box
      component="li"
      data-testid="timeline-row"
      data-status={row.status}
      data-header={row.isHeader || undefined}
      pl={row.isChild ? 32 : 0}
      style={{ display: 'flex', gap: 12 }}
    >
      <Box style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flex: 'none' }}>
        <Box pt={row.isHeader ? 12 : 10}>
          <StatusIcon status={row.status} />
        </Box>
        {!row.isLast && <Box style={{ flex: 1, width: 2, background: '#dee2e6', minHeight: 12 }} />}
      </Box>
      <Box
        py={8}
        px={row.isHeader ? 12 : 0}
        my={row.isHeader ? 4 : 0}
        style={{
          flex: 1,
          minWidth: 0,
          borderRadius: 8,
          background: row.isHeader ? 'var(--mantine-color-green-0)' : undefined,
          border: row.isHeader ? '1px solid var(--mantine-color-green-3)' : undefined,
        }}
      >
        <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {row.isStar && <Star />}
            <Text
              fw={row.isStar ? 700 : 500}
              c={grey ? GREY_TEXT : undefined}
              data-testid="timeline-row-name"
            >
              {en ? row.nameEn : row.name}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {row.date ? formatDate(row.date, locale) : ''}
          </Text>
        </Group>
        {description && (
          <Text size="sm" c={grey ? GREY_TEXT : 'dimmed'}>
            {description}
          </Text>
        )}
        {(row.capitalizationPrice !== null || row.marketPrice !== null) && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs" data-testid="timeline-prices">
            <div>
              <Text size="xs" c="dimmed">
                {t('timeline.capitalizationPrice')}
              </Text>
              <Text fw={700}>{formatMoney(row.capitalizationPrice, locale)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('timeline.marketPrice')}
              </Text>
              <Text fw={700}>{formatMoney(row.marketPrice, locale)}</Text>
            </div>
          </SimpleGrid>
        )}
      </Box>
    </Box>
  );
}

function LocationTimelineView({ locationId, withPeriphery }: { locationId: number; withPeriphery: boolean }) {
  const { t } = useTranslation();
  const timeline = useLocationTimeline(locationId);
  const tree = useMemo(() => nestLocationTimeline(timeline.data?.timeline ?? []), [timeline.data]);
  if (timeline.isPending) return <LoadingState />;
  if (timeline.isError) return <ErrorState onRetry={() => void timeline.refetch()} />;
  const periphery = withPeriphery ? timeline.data.peripheryStages : [];
  if (tree.length === 0 && periphery.length === 0) return <NoData />;
  return (
    <Stack gap="lg">
      {tree.length > 0 && (
        <Stack gap="sm" data-testid="location-timeline">
          <Group justify="space-between" align="center">
            <Title order={2} size="h4">
              {t('timeline.locationTimeline')}
            </Title>
            <StatusLegend />
          </Group>
          <Paper withBorder radius="md" p="md">
            <NodeList nodes={tree} />
          </Paper>
        </Stack>
      )}
      {periphery.length > 0 && (
        <Stack gap="sm" data-testid="periphery-stages">
          <Title order={2} size="h4">
            {t('timeline.periphery')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {periphery.map((stage) => (
              <PeripheryCard key={stage.id} stage={stage} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function StageLine({
  status,
  name,
  date,
  description,
  strong,
}: {
  status: TimelineStatusId;
  name: string;
  date: string | null;
  description?: string;
  strong?: boolean;
}) {
  const locale = useLocale();
  const grey = status === TIMELINE_STATUS.notStarted;
  return (
    <Box py={4} data-status={status}>
      <Group gap={8} wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Box style={{ flex: 'none', lineHeight: 0 }}>
            <StatusIcon status={status} size={20} />
          </Box>
          <Text fw={strong ? 700 : 400} c={grey ? GREY_TEXT : undefined}>
            {name}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {date ? formatDate(date, locale) : ''}
        </Text>
      </Group>
      {description && (
        <Text size="sm" c="dimmed" pl={28}>
          {description}
        </Text>
      )}
    </Box>
  );
}

function NodeList({ nodes }: { nodes: LocationNode[] }) {
  const en = useLocale() === 'en';
  return (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {nodes.map(({ item, children }) => (
        <Box
          component="li"
          key={item.seq}
          data-testid="location-stage"
          data-level={item.level}
          pl={item.level > 1 ? 28 : 0}
        >
          <StageLine
            status={item.constructionStatusId}
            name={en ? item.constructionStageNameEn : item.constructionStageName}
            date={item.finishDate}
            description={en ? item.constructionStageDescriptionEn : item.constructionStageDescription}
            strong={item.level === 1}
          />
          {children.length > 0 && <NodeList nodes={children} />}
        </Box>
      ))}
    </Box>
  );
}

function PeripheryCard({ stage }: { stage: PeripheryStage }) {
  const en = useLocale() === 'en';
  const title = (e: PeripheryEntry) => (en ? e.titleEn : e.title);
  return (
    <Paper withBorder radius="md" p="md" data-testid="periphery-stage">
      <StageLine
        status={stage.status}
        name={title(stage)}
        date={stage.date}
        description={en ? stage.constructionStageDescriptionEn : stage.constructionStageDescription}
        strong
      />
      {stage.list.length > 0 && (
        <Box component="ul" m={0} p={0} pl={28} style={{ listStyle: 'none' }}>
          {stage.list.map((item) => (
            <li key={item.id} data-testid="periphery-item">
              <StageLine status={item.status} name={title(item)} date={item.date} />
              {item.innerList.length > 0 && (
                <Box component="ul" m={0} p={0} pl={28} style={{ listStyle: 'none' }}>
                  {item.innerList.map((inner) => (
                    <li key={inner.id} data-testid="periphery-inner">
                      <StageLine status={inner.status} name={title(inner)} date={inner.date} />
                    </li>
                  ))}
                </Box>
              )}
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
