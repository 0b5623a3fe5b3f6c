import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A setting with its explanation and its action: side by side on wide screens, the action below the text when
 * both do not fit (375 px), so no button label is ever cut.
 */
export function SettingRow({
  title,
  text,
  action,
}: {
  title: ReactNode;
  text: ReactNode;
  action: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" align="center">
      <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Text fw={500}>{title}</Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
