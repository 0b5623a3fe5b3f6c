import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { StaffFaqBody, StaffFaqEntry } from '@portal/contract/backoffice-content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import {
  ContentRowActions,
  DeleteModal,
  EnglishHeading,
  fieldErrors,
  HtmlField,
  PublishedBadge,
} from './content-ui';
import { useFaqMutations, useStaffFaq } from './queries';

type FaqValues = {
  position: number | string;
  question: string;
  questionEn: string;
  answer: string;
  answerEn: string;
  isPublished: boolean;
};

const entryBody = (item: StaffFaqEntry, isPublished: boolean): StaffFaqBody => ({
  position: item.position,
  question: item.question,
  questionEn: item.questionEn,
  answer: item.answer,
  answerEn: item.answerEn,
  isPublished,
});

/** /backoffice/faq/: the FAQ in the owners' order (position, then age), drafts too. */
export function ContentFaqPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const faq = useStaffFaq();
  const { save, remove } = useFaqMutations();
  const [editing, setEditing] = useState<StaffFaqEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffFaqEntry | null>(null);
  const items = faq.data?.items ?? [];

  let body: React.ReactNode;
  if (faq.isPending) body = <LoadingState />;
  else if (faq.isError) body = <ErrorState onRetry={() => void faq.refetch()} />;
  else if (items.length === 0) body = <EmptyState title={t('backofficeContent.faq.empty')} />;
  else
    body = (
      <Stack gap="sm" data-testid="staff-faq-list">
        {items.map((item) => (
          <Paper key={item.id} withBorder radius="md" p="sm" data-testid="staff-faq-item">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {en ? item.questionEn : item.question}
                </Text>
                <Group gap={6}>
                  <PublishedBadge published={item.isPublished} />
                  <Text size="xs" c="dimmed">
                    {t('backofficeContent.faq.positionShort', { position: item.position })}
                  </Text>
                </Group>
              </Stack>
              <ContentRowActions
                published={item.isPublished}
                toggling={save.isPending && save.variables?.id === item.id}
                onEdit={() => setEditing(item)}
                onTogglePublished={() =>
                  save.mutate({ id: item.id, body: entryBody(item, !item.isPublished) })
                }
                onDelete={() => setDeleting(item)}
              />
            </Group>
          </Paper>
        ))}
      </Stack>
    );

  const nextPosition = items.reduce((max, item) => Math.max(max, item.position), 0) + 1;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('backofficeContent.faq.title')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('backofficeContent.faq.create')}</Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('backofficeContent.faq.hint')}
      </Text>
      {!editing && <ApiErrorAlert error={save.error} />}
      {body}
      {editing && (
        <FaqForm
          key={editing === 'new' ? 'new' : editing.id}
          original={editing === 'new' ? null : editing}
          nextPosition={nextPosition}
          onClose={() => {
            save.reset();
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteModal
          id={deleting.id}
          name={deleting.question}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}

const SHOWN_FIELDS = ['position', 'question', 'questionEn', 'answer', 'answerEn'];

function FaqForm({
  original,
  nextPosition,
  onClose,
}: {
  original: StaffFaqEntry | null;
  nextPosition: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const { save } = useFaqMutations();
  const [values, setValues] = useState<FaqValues>(() =>
    original
      ? { ...original }
      : { position: nextPosition, question: '', questionEn: '', answer: '', answerEn: '', isPublished: true },
  );
  const errors = fieldErrors(save.error);
  // An edit answers the server's last refusal: its messages go until the next save.
  const set = <K extends keyof FaqValues>(key: K, value: FaqValues[K]) => {
    if (save.isError) save.reset();
    setValues((current) => ({ ...current, [key]: value }));
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={
        original
          ? t('backofficeContent.faq.editTitle', { id: original.id })
          : t('backofficeContent.faq.createTitle')
      }
    >
      <form
        noValidate
        data-testid="faq-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              id: original?.id,
              body: {
                position: values.position === '' ? Number.NaN : Number(values.position),
                question: values.question,
                questionEn: values.questionEn,
                answer: values.answer,
                answerEn: values.answerEn,
                isPublished: values.isPublished,
              },
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack>
          <NumberInput
            label={t('backofficeContent.faq.position')}
            description={t('backofficeContent.faq.positionHint')}
            value={values.position}
            onChange={(value) => set('position', value)}
            error={errors.position}
            min={0}
            max={10_000}
            allowDecimal={false}
            maw={220}
          />
          <Title order={3} size="h5">
            {t('backofficeContent.russian')}
          </Title>
          <TextInput
            label={t('backofficeContent.faq.question')}
            value={values.question}
            onChange={(event) => set('question', event.currentTarget.value)}
            error={errors.question}
            required
            maxLength={500}
          />
          <HtmlField
            label={t('backofficeContent.faq.answer')}
            value={values.answer}
            onChange={(value) => set('answer', value)}
            error={errors.answer}
            required
            maxLength={20_000}
            testId="faq-answer-field"
          />
          <EnglishHeading />
          <TextInput
            label={t('backofficeContent.faq.questionEn')}
            value={values.questionEn}
            onChange={(event) => set('questionEn', event.currentTarget.value)}
            error={errors.questionEn}
            maxLength={500}
          />
          <HtmlField
            label={t('backofficeContent.faq.answerEn')}
            value={values.answerEn}
            onChange={(value) => set('answerEn', value)}
            error={errors.answerEn}
            maxLength={20_000}
            testId="faq-answer-en-field"
          />
          <Checkbox
            label={t('backofficeContent.faq.publishNow')}
            checked={values.isPublished}
            onChange={(event) => set('isPublished', event.currentTarget.checked)}
          />
          <ApiErrorAlert error={save.error} hideOnFields={SHOWN_FIELDS} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
