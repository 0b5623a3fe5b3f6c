import { z } from 'zod';
import { requestCreatedResponseSchema } from './profile.ts';
import { defineRoute } from './route.ts';

/** FAQ (spec, operational areas: the FAQ page, the FAQ item, the faq and faq/send-question calls). */

export const faqItemSchema = z.object({
  id: z.number(),
  question: z.string(),
  questionEn: z.string(),
  answer: z.string().describe('Sanitized HTML'),
  answerEn: z.string().describe('Sanitized HTML'),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

/** GET faq: the published questions in their order. */
export const faqResponseSchema = z.object({ faq: z.array(faqItemSchema) }).meta({ id: 'Faq' });
export type FaqResponse = z.infer<typeof faqResponseSchema>;

export const FAQ_QUESTION_MAX = 2000;

/** POST faq/send-question: sent only when the text is not empty (spec: Validation rules). */
export const faqQuestionRequestSchema = z.object({
  question: z
    .string({ error: 'faq.questionRequired' })
    .trim()
    .min(1, { error: 'faq.questionRequired' })
    .max(FAQ_QUESTION_MAX, { error: 'validation.tooLong' }),
});
export type FaqQuestionRequest = z.infer<typeof faqQuestionRequestSchema>;

export const faqApi = {
  list: defineRoute({
    method: 'GET',
    path: '/faq',
    summary: 'The questions and answers of the FAQ page, in both languages',
    tags: ['faq'],
    access: 'session',
    response: faqResponseSchema,
  }),
  sendQuestion: defineRoute({
    method: 'POST',
    path: '/faq/send-question',
    summary: "A question for the user's manager, answered within 24 hours",
    tags: ['faq', 'requests'],
    access: 'session',
    body: faqQuestionRequestSchema,
    response: requestCreatedResponseSchema,
  }),
};
