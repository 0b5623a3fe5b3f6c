import { z } from 'zod';
import { importParamsSchema } from './backoffice.ts';
import { defineRoute } from './route.ts';

/** A column of an import kind as the page of its allowed values shows it, in the user's language. */
export const importColumnSchema = z.object({
  name: z.string().describe('The column name of a CSV header / key of a JSON object'),
  label: z.string().describe('What the column holds'),
  required: z.boolean(),
  type: z.string().describe('The kind of value: number, date, one of the values…'),
  format: z.string().describe('How the value is written'),
  example: z.string(),
  values: z
    .array(
      z.object({
        value: z.string(),
        name: z.string(),
        alsoAccepted: z.array(z.string()).describe('Other words the import reads as this value'),
      }),
    )
    .describe("An enumeration's allowed values (empty for other columns)"),
  idsFrom: z.string().nullable().describe('The console list that shows the ids the column names'),
  note: z.string().nullable(),
});
export type ImportColumn = z.infer<typeof importColumnSchema>;
export const importColumnsSchema = z
  .object({ kind: importParamsSchema.shape.kind, columns: z.array(importColumnSchema) })
  .meta({ id: 'ImportColumns' });
export type ImportColumns = z.infer<typeof importColumnsSchema>;

/**
 * What a company needs to fill an import file: a template, the allowed values, and the stored rows in the same
 * columns. Files are CSV in UTF-8 with a byte-order mark, in the convention of the user's language (Russian:
 * `;`, decimal commas, dd.mm.yyyy; English: `,`, decimal points, ISO dates), so a spreadsheet opens them in columns.
 */
export const importFilesApi = {
  template: defineRoute({
    method: 'GET',
    path: '/backoffice/import/:kind/template',
    summary: "An import kind's template: its header and example rows (CSV)",
    tags: ['backoffice'],
    access: 'staff',
    params: importParamsSchema,
    response: 'file',
    produces: ['text/csv'],
  }),
  columns: defineRoute({
    method: 'GET',
    path: '/backoffice/import/:kind/columns',
    summary:
      "An import kind's columns: required or not, type, format with an example, allowed values, where ids are",
    tags: ['backoffice'],
    access: 'staff',
    params: importParamsSchema,
    response: importColumnsSchema,
  }),
  export: defineRoute({
    method: 'GET',
    path: '/backoffice/import/:kind/export',
    summary:
      "The stored rows of an import kind in its columns (CSV; a manager's own clients), to fix and import again",
    tags: ['backoffice'],
    access: 'staff',
    params: importParamsSchema,
    response: 'file',
    produces: ['text/csv'],
  }),
};
