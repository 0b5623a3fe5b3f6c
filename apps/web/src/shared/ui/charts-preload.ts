import { withTimeout } from '../chunk-timeout';

/**
 * Mantine's charts (recharts underneath, about 110 KB gzipped) load on demand: a page paints its
 * figures first, and the chart's box (its height kept, so nothing shifts) fills in once the library is here. The
 * dashboard's loader starts the load as the route is entered; a module apart from the chart components, so that the
 * entry, which holds the loaders, carries none of them.
 */
let charts: Promise<typeof import('./charts')> | undefined;
export function preloadCharts() {
  charts ??= withTimeout(import('./charts')).catch((error: unknown) => {
    charts = undefined;
    throw error;
  });
  return charts;
}
