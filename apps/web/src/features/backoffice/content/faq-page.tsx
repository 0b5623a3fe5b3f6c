import { Button, Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  type StaffFaqBody,
  type StaffFaqEntry,
  staffFaqBodySchema,
} from '@portal/contract/backoffice-content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { DeleteDialog } from '../confirm-dialog';
import { EnglishHeading, FormModal, RussianHeading, useConsoleForm } from '../form-modal';
import { ItemCard, ListPage } from '../list-page';
import { PublishActions, PublishedBadge } from '../publishing';
import { HtmlField } from './html-field';
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
  const nextPosition = (faq.data?.items ?? []).reduce((max, item) => Math.max(max, item.position), 0) + 1;

  return (
    <>
      <ListPage
        title={t('backofficeContent.faq.title')}
        actions={<Button onClick={() => setEditing('new')}>{t('backofficeContent.faq.create')}</Button>}
        hint={t('backofficeContent.faq.hint')}
        // A failed publish toggle of the list; the form shows its own errors.
        notice={!editing && <ApiErrorAlert error={save.error} />}
        query={faq}
        empty={(data) => (data.items.length === 0 ? { title: t('backofficeContent.faq.empty') } : null)}
      >
        {(data) => (
          <Stack gap="sm" data-testid="staff-faq-list">
            {data.items.map((item) => (
              <ItemCard
                key={item.id}
                testId="staff-faq-item"
                actions={
                  <PublishActions
                    published={item.isPublished}
                    toggling={save.isPending && save.variables?.id === item.id}
                    onEdit={() => setEditing(item)}
                    onTogglePublished={() =>
                      save.mutate({ id: item.id, body: entryBody(item, !item.isPublished) })
                    }
                    onDelete={() => setDeleting(item)}
                  />
                }
              >
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {en ? item.questionEn : item.question}
                </Text>
                <Group gap={6}>
                  <PublishedBadge published={item.isPublished} />
                  <Text size="xs" c="dimmed">
                    {t('backofficeContent.faq.positionShort', { position: item.position })}
                  </Text>
                </Group>
              </ItemCard>
            ))}
          </Stack>
        )}
      </ListPage>
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
        <DeleteDialog
          id={deleting.id}
          name={deleting.question}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
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
  const { save } = useFaqMutations();
  const { values, set, errors, check } = useConsoleForm<FaqValues>(
    () =>
      original
        ? { ...original }
        : {
            position: nextPosition,
            question: '',
            questionEn: '',
            answer: '',
            answerEn: '',
            isPublished: true,
          },
    save,
    staffFaqBodySchema,
  );

  return (
    <FormModal
      size="xl"
      testId="faq-form"
      title={
        original
          ? t('backofficeContent.faq.editTitle', { id: original.id })
          : t('backofficeContent.faq.createTitle')
      }
      saving={save}
      shownFields={SHOWN_FIELDS}
      onClose={onClose}
      onSubmit={() => {
        const body = {
          position: values.position === '' ? Number.NaN : Number(values.position),
          question: values.question,
          questionEn: values.questionEn,
          answer: values.answer,
          answerEn: values.answerEn,
          isPublished: values.isPublished,
        };
        if (check(body)) save.mutate({ id: original?.id, body }, { onSuccess: onClose });
      }}
    >
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
      <RussianHeading />
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
    </FormModal>
  );
}
