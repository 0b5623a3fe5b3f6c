import type {
  AreaChart as AreaChartType,
  CompositeChart as CompositeChartType,
  LineChart as LineChartType,
} from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import { preloadCharts } from './charts-preload';

/** The charts as a page uses them: a box of the chart's height while the library arrives (charts-preload.ts). */

const LazyArea = lazy(() => preloadCharts().then((m) => ({ default: m.AreaChart })));
const LazyLine = lazy(() => preloadCharts().then((m) => ({ default: m.LineChart })));
const LazyComposite = lazy(() => preloadCharts().then((m) => ({ default: m.CompositeChart })));

/** The box a chart takes while its code arrives: its own height (a number is pixels). */
function ChartBox({ h }: { h?: ComponentProps<typeof AreaChartType>['h'] }) {
  return <Skeleton h={h ?? 300} animate={false} data-testid="chart-loading" />;
}

export function AreaChart(props: ComponentProps<typeof AreaChartType>) {
  return (
    <Suspense fallback={<ChartBox h={props.h} />}>
      <LazyArea {...props} />
    </Suspense>
  );
}

export function LineChart(props: ComponentProps<typeof LineChartType>) {
  return (
    <Suspense fallback={<ChartBox h={props.h} />}>
      <LazyLine {...props} />
    </Suspense>
  );
}

export function CompositeChart(props: ComponentProps<typeof CompositeChartType>) {
  return (
    <Suspense fallback={<ChartBox h={props.h} />}>
      <LazyComposite {...props} />
    </Suspense>
  );
}
