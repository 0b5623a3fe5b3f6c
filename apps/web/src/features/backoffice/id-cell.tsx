import { Text } from '@mantine/core';

/** The number of a record as the console shows it beside its name: «№ 12», never broken across lines. */
export function IdCell({ id, size = 'xs' }: { id: number; size?: 'xs' | 'sm' }) {
  return (
    <Text span size={size} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      №&nbsp;{id}
    </Text>
  );
}
