import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DetailLine } from './backoffice-format';

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
