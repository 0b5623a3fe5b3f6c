import { ActionIcon, Popover, Text } from '@mantine/core';

/** A small '?' that opens a help text (the spec's info pop-ups). */
export function InfoPopover({ text, label }: { text: string; label: string }) {
  return (
    <Popover width={280} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" size="sm" radius="xl" aria-label={label} color="gray">
          ?
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{text}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
