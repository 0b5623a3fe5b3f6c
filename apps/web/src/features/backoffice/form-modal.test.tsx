import { TextInput } from '@mantine/core';
import { staffFaqBodySchema } from '@portal/contract/backoffice-content';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../shared/api/client';
import { renderWithProviders } from '../../test/render';
import { FormModal, useConsoleForm } from './form-modal';

/** A console form of one field, saved by the FAQ's call: what the building block does for every page. */
function QuestionForm({ onClose }: { onClose: () => void }) {
  const save = useMutation({
    mutationFn: (body: { question: string }) =>
      call('POST /backoffice/faq', {
        body: { position: 1, question: body.question, answer: '<p>Да</p>', isPublished: true },
      }),
  });
  const { values, set, errors, check } = useConsoleForm(() => ({ question: '' }), save, staffFaqBodySchema);
  return (
    <FormModal
      title="FAQ"
      testId="question-form"
      saving={save}
      onClose={onClose}
      onSubmit={() => {
        const body = { position: 1, question: values.question, answer: '<p>Да</p>', isPublished: true };
        if (check(body)) save.mutate(body, { onSuccess: onClose });
      }}
    >
      <TextInput
        label="Вопрос"
        value={values.question}
        onChange={(event) => set('question', event.currentTarget.value)}
        error={errors.question}
      />
    </FormModal>
  );
}

function stubApi(answer: { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

describe('the console form modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says what the contract refuses in the user's language before any call", async () => {
    const calls = stubApi({ status: 200, body: { id: 1 } });
    await renderWithProviders(<QuestionForm onClose={() => undefined} />, { language: 'en' });
    const form = await screen.findByTestId('question-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
    // An edit takes the message away until the next save.
    await userEvent.type(within(form).getByLabelText('Вопрос'), 'Когда?');
    expect(within(form).queryByText('This field is required')).toBeNull();
  });

  it("shows the server's field message under its field and closes once saved", async () => {
    stubApi({
      status: 400,
      body: {
        error: {
          code: 'validation',
          message: 'Такой вопрос уже есть',
          fields: { question: 'Такой вопрос уже есть' },
        },
      },
    });
    const onClose = vi.fn();
    await renderWithProviders(<QuestionForm onClose={onClose} />);
    const form = await screen.findByTestId('question-form');
    await userEvent.type(within(form).getByLabelText('Вопрос'), 'Когда?');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    // Under the field only: the alert leaves a field's refusal to the field.
    expect(await within(form).findAllByText('Такой вопрос уже есть')).toHaveLength(1);

    stubApi({ status: 200, body: { id: 7 } });
    await userEvent.type(within(form).getByLabelText('Вопрос'), '!');
    await userEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
