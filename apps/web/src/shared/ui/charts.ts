import '@mantine/charts/styles.layer.css';

/** The chart library and its styles: a chunk of its own, loaded through lazy-charts.tsx where a chart is drawn. */
export { AreaChart, CompositeChart, LineChart } from '@mantine/charts';
