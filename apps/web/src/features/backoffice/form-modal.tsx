import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { isMessageKey, message } from '@portal/contract/messages';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { ApiErrorAlert } from '../../shared/ui/api-error-alert';

/** The state of the call a form saves with: a mutation of TanStack Query. */
type Saving = { isPending: boolean; isError: boolean; error: Error | null; reset: () => void };

/** A body schema of the contract (zod): only what the form needs of it. */
type BodySchema = {
  safeParse: (value: unknown) =>
    | { success: true }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
};

/** Field messages of a failed save, by field name. */
export const fieldErrors = (error: Error | null): Record<string, string | undefined> =>
  error instanceof ApiError ? error.fields : {};

/**
 * The contract's check of a body, in the user's language, by field: what the server would refuse is said before
 * the call. Empty when the body passes, or when a rule has no message of the contract (the server then answers).
 */
function contractErrors(schema: BodySchema, body: unknown, locale: 'ru' | 'en'): Record<string, string> {
  const checked = schema.safeParse(body);
  if (checked.success) return {};
  const found: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !isMessageKey(issue.message)) return {};
    found[field] ??= message(issue.message, locale);
  }
  return found;
}

/**
 * A console form's values and field messages: the contract's check before the call, then the server's answer. An
 * edit answers the last refusal: its messages go until the next save.
 */
export function useConsoleForm<V extends object>(initial: () => V, saving: Saving, schema?: BodySchema) {
  const { i18n } = useTranslation();
  const [values, setValues] = useState(initial);
  const [local, setLocal] = useState<Record<string, string>>({});
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    if (saving.isError) saving.reset();
    setLocal({});
    setValues((current) => ({ ...current, [key]: value }));
  };
  /** Whether the body may be sent: the contract's rules hold, else their messages show under the fields. */
  const check = (body: unknown) => {
    const found = schema ? contractErrors(schema, body, i18n.language === 'en' ? 'en' : 'ru') : {};
    setLocal(found);
    return Object.keys(found).length === 0;
  };
  const errors: Record<string, string | undefined> = { ...fieldErrors(saving.error), ...local };
  return { values, set, setValues, errors, check };
}

/**
 * The console's create and edit dialog: the fields, the refusal not shown under a field, Cancel and the save button
 * with its progress. `size="xl"` is a long form: the whole screen on a phone. `after` goes below the form (what can
 * be added once the record exists, such as photos).
 */
export function FormModal({
  title,
  testId,
  size = 'md',
  saving,
  shownFields = true,
  onSubmit,
  onClose,
  submitLabel,
  submitTestId,
  cancelLabel,
  intro,
  children,
  after,
}: {
  title: string;
  testId?: string;
  size?: 'md' | 'lg' | 'xl';
  saving: Pick<Saving, 'isPending' | 'error'>;
  /** The fields that show their own messages (all by default): the alert leaves their refusal to them. */
  shownFields?: boolean | readonly string[];
  onSubmit: () => void;
  onClose: () => void;
  submitLabel?: string;
  submitTestId?: string;
  cancelLabel?: string;
  intro?: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const long = size === 'xl';
  return (
    <Modal opened onClose={onClose} title={title} size={size} fullScreen={long && phone} centered={!long}>
      <form
        noValidate
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
          {children}
          <ApiErrorAlert
            error={saving.error}
            fallback={t('common.actionFailed')}
            hideOnFields={shownFields}
            inline={shownFields === true}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cancelLabel ?? t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving.isPending} data-testid={submitTestId}>
              {submitLabel ?? t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {after}
    </Modal>
  );
}

/** Heads the Russian fields of a bilingual form. */
export function RussianHeading() {
  const { t } = useTranslation();
  return (
    <Title order={3} size="h5">
      {t('backofficeContent.russian')}
    </Title>
  );
}

/** Heads the English fields of a form: empty ones take the Russian text. */
export function EnglishHeading() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={3} size="h5">
        {t('backofficeContent.english')}
      </Title>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('backofficeContent.englishHint')}
      </Text>
    </>
  );
}
