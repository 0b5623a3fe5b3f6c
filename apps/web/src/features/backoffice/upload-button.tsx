import { Button, FileButton, Group, Progress, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';

/**
 * Picks a file and uploads it with progress; the server tells the type by content and its refusal is shown here.
 * `start` runs the upload mutation with the file and the progress callback. The one upload control of the console:
 * company files, unit photos, report media.
 */
export function UploadButton({
  label,
  accept,
  mutation,
  start,
  disabled,
  testId,
  uploadingText,
}: {
  label: string;
  accept: string;
  // biome-ignore lint/suspicious/noExplicitAny: any upload mutation of the console
  mutation: UseMutationResult<any, Error, any>;
  start: (file: File, onProgress: (percent: number) => void) => void;
  disabled?: boolean;
  testId: string;
  /** The progress in words, by the percent sent. */
  uploadingText: (percent: number) => string;
}) {
  const [percent, setPercent] = useState(0);
  return (
    <>
      <Group gap="sm">
        <FileButton
          accept={accept}
          inputProps={{ 'data-testid': testId } as React.InputHTMLAttributes<HTMLInputElement>}
          onChange={(file) => {
            if (!file) return;
            setPercent(0);
            mutation.reset();
            start(file, setPercent);
          }}
          disabled={disabled}
        >
          {(props) => (
            <Button {...props} variant="light" loading={mutation.isPending} disabled={disabled}>
              {label}
            </Button>
          )}
        </FileButton>
        {mutation.isPending && (
          <Text size="sm" c="dimmed">
            {uploadingText(percent)}
          </Text>
        )}
      </Group>
      {mutation.isPending && <Progress value={percent} size="sm" maw={420} />}
      <ApiErrorAlert error={mutation.error} />
    </>
  );
}
