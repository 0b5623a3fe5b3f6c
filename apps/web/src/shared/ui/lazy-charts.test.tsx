import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AreaChart } from './lazy-charts';

const DATA = [
  { month: 'окт. 26', occupancy: 40 },
  { month: 'нояб. 26', occupancy: 55 },
];

describe('lazy charts', () => {
  it('keep the chart box through the first paint, even with the library here, then draw the chart', async () => {
    const chart = (
      <AreaChart h={240} data={DATA} dataKey="month" series={[{ name: 'occupancy', color: 'teal' }]} />
    );
    const drawn = (container: HTMLElement) =>
      waitFor(() => expect(container.querySelector('.mantine-AreaChart-root')).not.toBeNull());
    // The first chart brings the library.
    const first = await renderWithProviders(chart);
    await drawn(first.container);
    first.unmount();

    // The next page's first paint has the box of the chart's height, not the chart's drawing.
    const next = await renderWithProviders(chart);
    expect(screen.getByTestId('chart-loading')).toBeInTheDocument();
    expect(next.container.querySelector('.mantine-AreaChart-root')).toBeNull();
    await drawn(next.container);
    expect(screen.queryByTestId('chart-loading')).toBeNull();
  });
});
