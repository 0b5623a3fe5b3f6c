import { z } from 'zod';
import { successSchema } from './errors.ts';
import { defineRoute } from './route.ts';
import { optionalText, requiredText } from './validation.ts';

/**
 * The console's categories: document categories (the upload form requires one, owners request documents by
 * one) and income-expense categories (the outcomes import names them by id, the owners' income-expense pages show
 * their names). Company lists, so every manager and admin edits them; owners get 403. A category in use is
 * archived, not deleted: it is no longer offered, and what carries it stays readable.
 */

/** The tables' ids are 4-byte integers; an id may be given on creation to match the company's accounting. */
const categoryIdValue = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' })
  .max(2_147_483_647, { error: 'validation.invalid' });

export const CATEGORY_DIRECTIONS = ['income', 'expense'] as const;
export type CategoryDirection = (typeof CATEGORY_DIRECTIONS)[number];

export const categoryParamsSchema = z.object({ id: categoryIdValue });

/** PUT /backoffice/categories/documents/{id}. */
export const documentCategoryBodySchema = z.object({
  name: requiredText(200),
  nameEn: optionalText(200),
});
export type DocumentCategoryBody = z.input<typeof documentCategoryBodySchema>;
/** POST /backoffice/categories/documents: without an id the category takes the next free one. */
export const documentCategoryCreateSchema = documentCategoryBodySchema.extend({
  id: categoryIdValue.optional(),
});
export type DocumentCategoryCreate = z.input<typeof documentCategoryCreateSchema>;

/** PUT /backoffice/categories/income-expense/{id}. */
export const outcomeCategoryBodySchema = documentCategoryBodySchema.extend({
  direction: z.enum(CATEGORY_DIRECTIONS, { error: 'validation.invalid' }),
});
export type OutcomeCategoryBody = z.input<typeof outcomeCategoryBodySchema>;
/** POST /backoffice/categories/income-expense. */
export const outcomeCategoryCreateSchema = outcomeCategoryBodySchema.extend({
  id: categoryIdValue.optional(),
});
export type OutcomeCategoryCreate = z.input<typeof outcomeCategoryCreateSchema>;

/** PUT …/{id}/archived: archive a category or bring it back. */
export const categoryArchiveBodySchema = z.object({ archived: z.boolean({ error: 'validation.invalid' }) });

export const documentCategoryItemSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    nameEn: z.string(),
    archived: z.boolean().describe('No longer offered to the upload form, the owners or the import'),
    useCount: z
      .number()
      .describe("Documents (owners' and locations') of the category: 0 means it can be deleted"),
  })
  .meta({ id: 'DocumentCategoryItem' });
export type DocumentCategoryItem = z.infer<typeof documentCategoryItemSchema>;
export const documentCategoryListSchema = z.object({ items: z.array(documentCategoryItemSchema) });

export const outcomeCategoryItemSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    nameEn: z.string(),
    direction: z.enum(CATEGORY_DIRECTIONS),
    archived: z.boolean().describe('No longer accepted by the outcomes import'),
    useCount: z.number().describe('Income and expense rows of the category: 0 means it can be deleted'),
  })
  .meta({ id: 'OutcomeCategoryItem' });
export type OutcomeCategoryItem = z.infer<typeof outcomeCategoryItemSchema>;
export const outcomeCategoryListSchema = z.object({ items: z.array(outcomeCategoryItemSchema) });

export const categorySavedSchema = z.object({ id: z.number() });

/** /api/v1/backoffice/categories/*: managers and admins (owners get 403). */
export const categoriesApi = {
  documentCategories: defineRoute({
    method: 'GET',
    path: '/backoffice/categories/documents',
    summary: 'Document categories, archived ones too, by name',
    tags: ['backoffice'],
    access: 'staff',
    response: documentCategoryListSchema,
  }),
  createDocumentCategory: defineRoute({
    method: 'POST',
    path: '/backoffice/categories/documents',
    summary: 'A new document category (the id given, or the next free one)',
    tags: ['backoffice'],
    access: 'staff',
    body: documentCategoryCreateSchema,
    response: categorySavedSchema,
  }),
  updateDocumentCategory: defineRoute({
    method: 'PUT',
    path: '/backoffice/categories/documents/:id',
    summary: 'Renames a document category (its documents show the new names)',
    tags: ['backoffice'],
    access: 'staff',
    params: categoryParamsSchema,
    body: documentCategoryBodySchema,
    response: categorySavedSchema,
    errors: [404],
  }),
  archiveDocumentCategory: defineRoute({
    method: 'PUT',
    path: '/backoffice/categories/documents/:id/archived',
    summary: 'Archives a document category or brings it back',
    tags: ['backoffice'],
    access: 'staff',
    params: categoryParamsSchema,
    body: categoryArchiveBodySchema,
    response: categorySavedSchema,
    errors: [404],
  }),
  deleteDocumentCategory: defineRoute({
    method: 'DELETE',
    path: '/backoffice/categories/documents/:id',
    summary: 'Deletes a document category no document carries (409 otherwise: archive it)',
    tags: ['backoffice'],
    access: 'staff',
    params: categoryParamsSchema,
    response: successSchema,
    errors: [404, 409],
  }),
  outcomeCategories: defineRoute({
    method: 'GET',
    path: '/backoffice/categories/income-expense',
    summary: 'Income and expense categories, archived ones too, by direction and name',
    tags: ['backoffice'],
    access: 'staff',
    response: outcomeCategoryListSchema,
  }),
  createOutcomeCategory: defineRoute({
    method: 'POST',
    path: '/backoffice/categories/income-expense',
    summary: 'A new income or expense category (the id given, or the next free one)',
    tags: ['backoffice'],
    access: 'staff',
    body: outcomeCategoryCreateSchema,
    response: categorySavedSchema,
  }),
  updateOutcomeCategory: defineRoute({
    method: 'PUT',
    path: '/backoffice/categories/income-expense/:id',
    summary: 'Renames an income or expense category or corrects its direction (its rows follow)',
    tags: ['backoffice'],
    access: 'staff',
    params: categoryParamsSchema,
    body: outcomeCategoryBodySchema,
    response: categorySavedSchema,
    errors: [404],
  }),
  archiveOutcomeCategory: defineRoute({
    method: 'PUT',
    path: '/backoffice/categories/income-expense/:id/archived',
    summary: 'Archives an income or expense category or brings it back',
    tags: ['backoffice'],
    access: 'staff',
    params: categoryParamsSchema,
    body: categoryArchiveBodySchema,
    response: categorySavedSchema,
    errors: [404],
  }),
  deleteOutcomeCategory: defineRoute({
    method: 'DELETE',
    path: '/backoffice/categories/income-expense/:id',
    summary: 'Deletes an income or expense category no row carries (409 otherwise: archive it)',
    tags: ['backoffice'],
    access: 'staff',
    params: categoryParamsSchema,
    response: successSchema,
    errors: [404, 409],
  }),
};
