import { z } from 'zod';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { idSchema, optionalText, requiredText } from './validation.ts';

/** The console's content calls: FAQ entries and news, written by managers and admins. */

export const contentIdParamsSchema = z.object({ id: idSchema });

export const staffFaqEntrySchema = z.object({
  id: z.number(),
  position: z.number(),
  question: z.string(),
  questionEn: z.string(),
  answer: z.string().describe('Sanitized HTML'),
  answerEn: z.string().describe('Sanitized HTML'),
  isPublished: z.boolean(),
});
export type StaffFaqEntry = z.infer<typeof staffFaqEntrySchema>;
export const staffFaqListSchema = z.object({ items: z.array(staffFaqEntrySchema) });

/** POST /backoffice/faq and PUT /backoffice/faq/{id}. */
export const staffFaqBodySchema = z.object({
  position: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(10_000, { error: 'validation.invalid' }),
  question: requiredText(500),
  questionEn: optionalText(500),
  answer: requiredText(20_000),
  answerEn: optionalText(20_000),
  isPublished: z.boolean({ error: 'validation.invalid' }),
});
export type StaffFaqBody = z.input<typeof staffFaqBodySchema>;

export const staffNewsEntrySchema = z.object({
  id: z.number(),
  forInvestors: z.boolean(),
  forLenders: z.boolean(),
  tag: z.string(),
  tagEn: z.string(),
  title: z.string(),
  titleEn: z.string(),
  content: z.string().describe('Sanitized HTML'),
  contentEn: z.string().describe('Sanitized HTML'),
  imageUrl: z.string().nullable(),
  publishedAt: z.string(),
  isPublished: z.boolean(),
});
export type StaffNewsEntry = z.infer<typeof staffNewsEntrySchema>;
export const staffNewsListSchema = z.object({ items: z.array(staffNewsEntrySchema).describe('Newest 200') });

/** POST /backoffice/news and PUT /backoffice/news/{id}: for investors, lenders or both (at least one). */
export const staffNewsBodySchema = z
  .object({
    forInvestors: z.boolean({ error: 'validation.invalid' }),
    forLenders: z.boolean({ error: 'validation.invalid' }),
    tag: requiredText(60),
    tagEn: optionalText(60),
    title: requiredText(300),
    titleEn: optionalText(300),
    content: requiredText(50_000),
    contentEn: optionalText(50_000),
    // The portal's own media or an https picture; uploads of pictures go through the file store.
    imageUrl: z
      .string()
      .trim()
      .max(500, { error: 'validation.tooLong' })
      .regex(/^(\/api\/v1\/media\/[\w./-]+|https:\/\/[^\s"'<>]+)$/, { error: 'validation.invalid' })
      .nullable()
      .optional(),
    publishedAt: z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional(),
    isPublished: z.boolean({ error: 'validation.invalid' }),
  })
  .refine((body) => body.forInvestors || body.forLenders, {
    error: 'content.audience',
    path: ['forInvestors'],
  });
export type StaffNewsBody = z.input<typeof staffNewsBodySchema>;

export const contentSavedSchema = z.object({ id: z.number() });

/** /api/v1/backoffice/faq and /backoffice/news: the console's content (managers and admins). */
export const contentApi = {
  faq: defineRoute({
    method: 'GET',
    path: '/backoffice/faq',
    summary: 'Every FAQ entry, drafts too',
    tags: ['backoffice'],
    access: 'staff',
    response: staffFaqListSchema,
    errors: [404],
  }),
  createFaq: defineRoute({
    method: 'POST',
    path: '/backoffice/faq',
    summary: 'A new FAQ entry',
    tags: ['backoffice'],
    access: 'staff',
    body: staffFaqBodySchema,
    response: contentSavedSchema,
    errors: [404],
  }),
  updateFaq: defineRoute({
    method: 'PUT',
    path: '/backoffice/faq/:id',
    summary: 'Changes an FAQ entry',
    tags: ['backoffice'],
    access: 'staff',
    params: contentIdParamsSchema,
    body: staffFaqBodySchema,
    response: contentSavedSchema,
    errors: [404],
  }),
  deleteFaq: defineRoute({
    method: 'DELETE',
    path: '/backoffice/faq/:id',
    summary: 'Deletes an FAQ entry',
    tags: ['backoffice'],
    access: 'staff',
    params: contentIdParamsSchema,
    response: successSchema,
    errors: [404],
  }),
  news: defineRoute({
    method: 'GET',
    path: '/backoffice/news',
    summary: 'The newest 200 news items, drafts too',
    tags: ['backoffice'],
    access: 'staff',
    response: staffNewsListSchema,
    errors: [404],
  }),
  createNews: defineRoute({
    method: 'POST',
    path: '/backoffice/news',
    summary: 'A new news item',
    tags: ['backoffice'],
    access: 'staff',
    body: staffNewsBodySchema,
    response: contentSavedSchema,
    errors: [404],
  }),
  updateNews: defineRoute({
    method: 'PUT',
    path: '/backoffice/news/:id',
    summary: 'Changes a news item',
    tags: ['backoffice'],
    access: 'staff',
    params: contentIdParamsSchema,
    body: staffNewsBodySchema,
    response: contentSavedSchema,
    errors: [404],
  }),
  deleteNews: defineRoute({
    method: 'DELETE',
    path: '/backoffice/news/:id',
    summary: 'Deletes a news item',
    tags: ['backoffice'],
    access: 'staff',
    params: contentIdParamsSchema,
    response: successSchema,
    errors: [404],
  }),
};
