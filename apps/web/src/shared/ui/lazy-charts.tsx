import type {
  AreaChart as AreaChartType,
  CompositeChart as CompositeChartType,
  LineChart as LineChartType,
} from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { preloadCharts } from './charts-preload';

/**
 * The charts as a page uses them: a box of the chart's height while the library arrives (charts-preload.ts), and
 * until the page around it has painted once. Drawing a chart takes recharts tens of milliseconds; rendered in the
 * same pass as the page's figures it held their first paint back (the dashboard's LCP), so it is drawn
 * in the next task, as a transition React may interrupt.
 */

const LazyArea = lazy(() => preloadCharts().then((m) => ({ default: m.AreaChart })));
const LazyLine = lazy(() => preloadCharts().then((m) => ({ default: m.LineChart })));
const LazyComposite = lazy(() => preloadCharts().then((m) => ({ default: m.CompositeChart })));

/** The box a chart takes while its code arrives: its own height (a number is pixels). */
function ChartBox({ h }: { h?: ComponentProps<typeof AreaChartType>['h'] }) {
  return <Skeleton h={h ?? 300} animate={false} data-testid="chart-loading" />;
}

/** True from the task after the first paint of the component that asks. */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export function AreaChart(props: ComponentProps<typeof AreaChartType>) {
  if (!usePaintedOnce()) return <ChartBox h={props.h} />;
  return (
    <Suspense fallback={<ChartBox h={props.h} />}>
      <LazyArea {...props} />
    </Suspense>
  );
}

export function LineChart(props: ComponentProps<typeof LineChartType>) {
  if (!usePaintedOnce()) return <ChartBox h={props.h} />;
  return (
    <Suspense fallback={<ChartBox h={props.h} />}>
      <LazyLine {...props} />
    </Suspense>
  );
}

export function CompositeChart(props: ComponentProps<typeof CompositeChartType>) {
  if (!usePaintedOnce()) return <ChartBox h={props.h} />;
  return (
    <Suspense fallback={<ChartBox h={props.h} />}>
      <LazyComposite {...props} />
    </Suspense>
  );
}
