/** The room one stage's date takes on the axis ('30 Sep 2026', '30.09.2026') and a gap. */
export const DATE_LABEL_PX = 92;
/** The room of a short month label ('сент. 26', 'Sep 26') and a gap. */
export const MONTH_LABEL_PX = 64;

/**
 * Which points of a category axis get their label (each `labelPx` wide): all when they fit the chart's width, else
 * every n-th counted back from the newest (which always has its label), so labels stand at even gaps and never
 * overlap. Recharts' own choice drops labels unevenly (the next-to-last month, at 375 px one date of four).
 */
export function labelledPoints(
  count: number,
  chartWidth: number,
  yAxisWidth: number,
  labelPx: number,
): (index: number) => boolean {
  const room =
    chartWidth > 0 ? Math.max(2, Math.floor((chartWidth - yAxisWidth - labelPx / 2) / labelPx)) : count;
  let step = 1;
  while (Math.ceil(count / step) > room) step += 1;
  return (index) => (count - 1 - index) % step === 0;
}
