import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The number of a record as the console shows it beside its name: «№ 12», never broken across lines, with a button
 * that copies the bare number, since the imports ask for these ids.
 */
export function IdCell({ id, size = 'xs' }: { id: number; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <Group component="span" gap={2} wrap="nowrap" style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
      <Text span size={size} c="dimmed" style={{ whiteSpace: 'nowrap', userSelect: 'text' }}>
        №&nbsp;{id}
      </Text>
      <CopyButton value={String(id)} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={t('backoffice.copied')} opened={copied} withinPortal>
            <ActionIcon
              size="xs"
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              aria-label={t('backoffice.copyId')}
              data-testid="copy-id"
              // The id sits in clickable rows: copying must not open the row.
              onClick={(event) => {
                event.stopPropagation();
                copy();
              }}
            >
              <svg
                width="12"
                height="12"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <rect x="9" y="9" width="12" height="12" rx="2" />
                <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
              </svg>
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
