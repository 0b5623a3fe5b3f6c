import { Alert, type MantineSpacing, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

/** The text of a failed call: the server's message (already in the user's language), else the fallback. */
export const apiErrorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? error.message : fallback;

/** Whether the form shows this error under its fields already: `true` for any field, or one of the named ones. */
function shownOnFields(error: Error, fields: boolean | readonly string[]): boolean {
  if (!(error instanceof ApiError) || fields === false) return false;
  const named = Object.keys(error.fields);
  return fields === true ? named.length > 0 : named.some((field) => fields.includes(field));
}

/**
 * The failure of a call, told to the user: the server's message, or `fallback` (common.error) when the call never
 * got an answer of the API. Nothing when there is no error, or when `hideOnFields` says the form shows it under
 * its fields. A light red alert by default; `inline` makes it a small red line (console forms, code steps).
 */
export function ApiErrorAlert({
  error,
  fallback,
  hideOnFields = false,
  inline = false,
  onClose,
  children,
  mt,
  mb,
  ta,
  'data-testid': testId,
}: {
  error: Error | null | undefined;
  fallback?: string;
  hideOnFields?: boolean | readonly string[];
  inline?: boolean;
  /** Adds the alert's close button. */
  onClose?: () => void;
  /** Shown after the message (a link to what to do next). */
  children?: ReactNode;
  mt?: MantineSpacing;
  mb?: MantineSpacing;
  ta?: 'center';
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  if (!error || shownOnFields(error, hideOnFields)) return null;
  const message = apiErrorMessage(error, fallback ?? t('common.error'));
  if (inline)
    return (
      <Text c="red" size="sm" mt={mt} mb={mb} ta={ta} role="alert" data-testid={testId}>
        {message}
        {children}
      </Text>
    );
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      mt={mt}
      mb={mb}
      ta={ta}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      data-testid={testId}
    >
      {message}
      {children}
    </Alert>
  );
}
