import { Accordion, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { FAQ_QUESTION_MAX } from '@portal/contract/faq';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { SafeHtml } from '../../shared/ui/safe-html';
import { SuccessBanner, useSuccessBanner } from '../../shared/ui/success-banner';
import { faqQueries } from './queries';

/** /faq/: the questions as an accordion whose items open independently, and a question for the manager. */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const faq = useQuery(faqQueries.list());

  let body: React.ReactNode;
  if (faq.isPending) body = <LoadingState />;
  else if (faq.isError) body = <ErrorState onRetry={() => void faq.refetch()} />;
  else if (faq.data.faq.length === 0) body = <EmptyState title={t('faq.empty')} />;
  else
    body = (
      <Accordion multiple variant="separated" radius="md" data-testid="faq-list">
        {faq.data.faq.map((item) => (
          <Accordion.Item key={item.id} value={String(item.id)} data-testid="faq-item">
            <Accordion.Control>
              <Text fw={600}>{en ? item.questionEn : item.question}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <SafeHtml
                className="rich-text"
                html={en ? item.answerEn : item.answer}
                data-testid="faq-answer"
              />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );

  return (
    <Stack gap="md" className="page">
      <Title order={1} size="h2">
        {t('faq.title')}
      </Title>
      {body}
      <AskQuestion />
    </Stack>
  );
}

function AskQuestion() {
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [sent, showSent] = useSuccessBanner();
  const send = useMutation({
    mutationFn: (text: string) => call('POST /faq/send-question', { body: { question: text } }),
    onSuccess: () => {
      setQuestion('');
      showSent();
    },
    // A failed send shows nothing (spec: Error catalogue); it is logged.
    onError: (error) => console.error(error),
  });
  const text = question.trim();
  return (
    <Paper withBorder radius="md" p="lg" data-testid="faq-ask">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('faq.askTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('faq.askText')}
        </Text>
        <Textarea
          aria-label={t('faq.questionLabel')}
          placeholder={t('faq.questionPlaceholder')}
          value={question}
          onChange={(event) => setQuestion(event.currentTarget.value)}
          maxLength={FAQ_QUESTION_MAX}
          autosize
          minRows={3}
        />
        <div>
          <Button
            onClick={() => text && send.mutate(text)}
            disabled={!text}
            loading={send.isPending}
            data-testid="faq-send"
          >
            {t('faq.send')}
          </Button>
        </div>
        <SuccessBanner visible={sent} text={t('faq.sent')} />
      </Stack>
    </Paper>
  );
}
