import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DetailLine } from './backoffice-format';

/** Below the spec's 768 px breakpoint the console's lists are cards: a table that wide cannot be read at 375 px. */
export function useNarrow(): boolean {
  return (
    useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`, window.innerWidth < MOBILE_BREAKPOINT_PX) ??
    false
  );
}

/** Details as 'Label: value' lines; a value with a link opens it in the console. */
export function DetailLines({ lines, testId }: { lines: DetailLine[]; testId?: string }) {
  if (lines.length === 0)
    return (
      <Text size="sm" data-testid={testId}>
        —
      </Text>
    );
  return (
    <Stack gap={2} data-testid={testId}>
      {lines.map((line) => (
        <Text key={line.key} size="sm" className="backoffice-detail">
          <Text span c="dimmed" size="sm">
            {line.label}:
          </Text>{' '}
          {line.href ? (
            <Anchor component={Link} to={line.href} size="sm">
              {line.value}
            </Anchor>
          ) : (
            line.value
          )}
        </Text>
      ))}
    </Stack>
  );
}

/** One item of a console list at narrow widths. */
export function ListCard({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}
