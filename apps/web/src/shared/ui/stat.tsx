import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../format';

/** One figure with its label: the blocks of the dashboard, income and income-outcome pages. */
export function Stat({
  label,
  value,
  hint,
  extra,
  testId,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        {hint}
      </Group>
      <Text fw={700} size="xl" mt={4}>
        {value}
      </Text>
      {extra}
    </Paper>
  );
}

/** '+12,5%' in green or '−3,1%' in red against the previous month. */
export function Change({ value, suffix }: { value: number | null; suffix: string }) {
  if (value === null) return null;
  // The page's number format: a decimal comma in Russian, a point in English.
  const text = `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatNumber(Math.abs(value), 2)}%`;
  return (
    <Text size="sm" c={value >= 0 ? 'forest.8' : 'red.9'} data-testid="change">
      {text} {suffix}
    </Text>
  );
}
