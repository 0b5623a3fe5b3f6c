import { Group, NativeSelect, Paper, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { CapitalizationGraphic } from '@portal/contract/finance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompactMoney, formatDate, formatMoney } from '../../shared/format';
import { DATE_LABEL_PX, labelledPoints } from '../../shared/ui/chart-labels';
import { LineChart } from '../../shared/ui/lazy-charts';
import { LoadingState } from '../../shared/ui/page-state';
import { axisWidth, moneyTicks } from './income-series';
import { useCapitalizationGraphic } from './queries';

type Unit = { id: number; name: string; nameEn: string };

/** The chart's points: one a capitalization stage, dated, with its price and stage name in the page's language. */
export function capitalizationPoints(graphic: CapitalizationGraphic, locale: 'ru' | 'en') {
  return graphic.graphic.map((point) => ({
    date: formatDate(point.date, locale),
    price: point.price,
    stage: locale === 'en' ? point.nameEn : point.name,
  }));
}

/**
 * The investor's per-unit capitalization (spec: income page, "per-unit capitalization"; the call
 * investor-income/unit-capitalization-graphic): a unit picker, the current stage and price, and the price by stage.
 * A unit without capitalization data (the call answers 404) shows the empty text, as failed calls are empty results.
 */
export function CapitalizationChart({ units }: { units: Unit[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const [picked, setPicked] = useState<number | null>(null);
  const unitId = units.some((u) => u.id === picked) ? (picked ?? undefined) : units[0]?.id;
  const graphic = useCapitalizationGraphic(unitId);
  const { ref: chartBox, width: chartWidth } = useElementSize<HTMLDivElement>();
  if (units.length === 0) return null;
  const data = graphic.data ? capitalizationPoints(graphic.data, locale) : [];
  const ticks = moneyTicks(data.map((point) => point.price));
  const yAxisWidth = axisWidth(ticks.map((value) => formatCompactMoney(value, locale)));
  const labelled = labelledPoints(data.length, chartWidth, yAxisWidth, DATE_LABEL_PX);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="capitalization-chart">
      <Group justify="space-between" align="end" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('finance.capitalizationChart')}
        </Title>
        {units.length > 1 && (
          <NativeSelect
            label={t('finance.unit')}
            value={String(unitId)}
            onChange={(event) => setPicked(Number(event.currentTarget.value))}
            data={units.map((u) => ({ value: String(u.id), label: locale === 'en' ? u.nameEn : u.name }))}
            maw={280}
            w="100%"
            data-testid="capitalization-unit"
          />
        )}
      </Group>
      {graphic.isPending ? (
        <LoadingState />
      ) : !graphic.data || data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="capitalization-empty">
          {t('finance.capitalizationEmpty')}
        </Text>
      ) : (
        <>
          <Text size="sm" mb="sm" data-testid="capitalization-current">
            {t('finance.capitalizationCurrent', {
              stage: locale === 'en' ? graphic.data.capitalizationNameEn : graphic.data.capitalizationName,
              price: formatMoney(graphic.data.capitalizationPrice, locale),
              date: formatDate(graphic.data.capitalizationDate, locale),
            })}
          </Text>
          <div ref={chartBox}>
            <LineChart
              h={240}
              data={data}
              dataKey="date"
              series={[{ name: 'price', label: t('finance.capitalizationPriceSeries'), color: 'teal.6' }]}
              curveType="linear"
              withDots
              // Room above the top price's label, so it is not cut.
              lineChartProps={{
                margin: { top: 12, right: 8, bottom: 0, left: 0 },
                title: t('finance.capitalizationChart'),
              }}
              xAxisProps={{
                // Room for the first and last dates, every point keeps its tick, only the chosen ones their date.
                padding: { left: DATE_LABEL_PX / 2, right: DATE_LABEL_PX / 2 },
                interval: 0,
                tickFormatter: (date: string, index: number) => (labelled(index) ? date : ''),
              }}
              yAxisProps={{
                width: yAxisWidth,
                ticks,
                domain: [ticks[0] ?? 0, ticks.at(-1) ?? 0],
                interval: 0,
                tickFormatter: (value: number) => formatCompactMoney(value, locale),
              }}
              valueFormatter={(value) => formatMoney(value, locale)}
            />
          </div>
        </>
      )}
    </Paper>
  );
}
