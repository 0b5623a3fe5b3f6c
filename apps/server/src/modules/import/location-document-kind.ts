import { z } from 'zod';
import type { Executor } from '../../db/executor.ts';
import { exportLocationDocuments, upsertLocationDocuments } from '../location-documents/service.ts';
import { day, idCell } from './cells.ts';
import { col } from './column-def.ts';
import type { ExampleIds, ExampleRow } from './columns.ts';
import type { ImportKind } from './kinds.ts';
import * as q from './queries.ts';

/**
 * The register of the locations' documents (permits, title deeds, technical passports) in bulk: a row is a document
 * known by its id (the export writes it, so a fixed export updates the same documents) or, for a new one, by its
 * location, category and number. Its PDF is attached in the console (Документы локаций), since a table
 * cannot carry files. Owners of the location read the documents on their documents page.
 */

const emptyIsNone = (value: unknown) => (value === '' || value === null ? undefined : value);

const locationDocumentRow = z
  .object({
    id: z.preprocess(emptyIsNone, idCell.optional()),
    locationId: idCell,
    categoryId: idCell,
    number: z.coerce.string().trim().max(100).optional().default(''),
    date: day,
    description: z.coerce.string().trim().max(4000).optional().default(''),
    descriptionEn: z.coerce.string().trim().max(4000).optional().default(''),
  })
  .refine((row) => row.id !== undefined || row.number !== '', {
    message: 'validation.required',
    path: ['number'],
  });
type LocationDocumentRow = z.output<typeof locationDocumentRow>;

export const locationDocuments: ImportKind<LocationDocumentRow> = {
  columns: ['id', 'locationId', 'categoryId', 'number', 'date', 'description', 'descriptionEn'],
  schema: locationDocumentRow as unknown as z.ZodType<LocationDocumentRow>,
  key: (row) => (row.id === undefined ? `${row.locationId}:${row.categoryId}:${row.number}` : `#${row.id}`),
  async references(db) {
    const [locations, categories, documents] = await Promise.all([
      q.realLocationIds(db),
      q.openDocumentCategoryIds(db),
      q.locationDocumentCategories(db),
    ]);
    const locationIds = new Set(locations.map((r) => Number(r.id)));
    const categoryIds = new Set(categories.map((r) => Number(r.id)));
    const storedCategory = new Map(documents.map((r) => [Number(r.id), r.category_id]));
    return (row) => {
      if (row.id !== undefined && !storedCategory.has(row.id)) return { field: 'id', key: 'import.unknown' };
      if (!locationIds.has(row.locationId)) return { field: 'locationId', key: 'import.unknown' };
      // Archiving takes a category out of new documents, not from the documents that have it (as in the console).
      const kept = row.id !== undefined && storedCategory.get(row.id) === row.categoryId;
      if (!kept && !categoryIds.has(row.categoryId)) return { field: 'categoryId', key: 'import.unknown' };
      return null;
    };
  },
  upsert: upsertLocationDocuments,
};

/** The columns in words, with example rows (listed in columns.ts with every kind's). */
export const LOCATION_DOCUMENT_COLUMNS = {
  columns: [
    col('id', 'id документа', 'document id', 'id', false, {
      ids: 'locationDocuments',
      note: {
        ru: 'пусто для нового документа; id из выгрузки обновляет тот же документ',
        en: 'empty for a new document; an id from the export updates that document',
      },
    }),
    col('locationId', 'id локации', 'location id', 'id', true, { ids: 'locations' }),
    col('categoryId', 'id категории документов', 'document category id', 'id', true, {
      ids: 'documentCategories',
    }),
    col('number', 'номер документа', 'document number', 'text', false, {
      note: {
        ru: 'нужен новому документу: ключ строки вместе с локацией и категорией; PDF прикрепляют в консоли: Документы локаций',
        en: "needed by a new document: the row's key with the location and the category; the PDF is attached in the console: Location documents",
      },
    }),
    col('date', 'дата документа', 'document date', 'date', true),
    col('description', 'описание', 'description', 'text', false),
    col('descriptionEn', 'описание по-английски', 'description in English', 'text', false),
  ],
  examples: (ids: ExampleIds): ExampleRow[] => [
    {
      id: '',
      locationId: ids.locationId,
      categoryId: ids.documentCategoryId,
      number: `RU-77-${ids.year}-001`,
      date: `${ids.year}-02-15`,
      description: 'Разрешение на строительство',
      descriptionEn: 'Building permit',
    },
  ],
};

/** The stored register in the import's columns (listed in exports.ts with every kind's). */
export const exportLocationDocumentRows = (db: Executor): Promise<ExampleRow[]> =>
  exportLocationDocuments(db);
