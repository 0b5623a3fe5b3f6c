import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

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
  const text = `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toLocaleString('ru-RU', { maximumFractionDigits: 2 })}%`;
  return (
    <Text size="sm" c={value >= 0 ? 'green.8' : 'red.8'} data-testid="change">
      {text} {suffix}
    </Text>
  );
}
