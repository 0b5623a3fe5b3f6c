import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** The two category tables: the documents' and the income-expense rows'. */
export type CategoryTable = 'document_categories' | 'outcome_categories';

/** Archived ones last, then by name. */
export async function documentCategoryRows(db: Executor) {
  return db
    .selectFrom('document_categories as c')
    .select(['c.id', 'c.name', 'c.name_en', 'c.archived_at'])
    .select((eb) => [
      eb
        .selectFrom('documents')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('documents.category_id', '=', 'c.id')
        .as('documentCount'),
      eb
        .selectFrom('location_documents')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('location_documents.category_id', '=', 'c.id')
        .as('locationDocumentCount'),
    ])
    .orderBy(sql`c.archived_at is not null`)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/** Incomes first (as the owners' tabs), archived ones last in each, then by name. */
export async function outcomeCategoryRows(db: Executor) {
  return db
    .selectFrom('outcome_categories as c')
    .select(['c.id', 'c.name', 'c.name_en', 'c.direction', 'c.archived_at'])
    .select((eb) =>
      eb
        .selectFrom('outcome_rows')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('outcome_rows.category_id', '=', 'c.id')
        .as('rowCount'),
    )
    .orderBy(sql`c.direction = 'expense'`)
    .orderBy(sql`c.archived_at is not null`)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/** A category locked for the change that reads it. */
export async function lockDocumentCategory(db: Executor, id: number) {
  return db.selectFrom('document_categories').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function lockOutcomeCategory(db: Executor, id: number) {
  return db.selectFrom('outcome_categories').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function nameTaken(db: Executor, table: CategoryTable, name: string, except?: number) {
  let query = db.selectFrom(table).select('id').where('name', '=', name);
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function idTaken(db: Executor, table: CategoryTable, id: number) {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The next free id (the ids are plain integers: the demo's and any an accounting system gave). */
export async function nextId(db: Executor, table: CategoryTable) {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`coalesce(max(id), 0) + 1`.as('id'))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertDocumentCategory(
  db: Executor,
  row: { id: number; name: string; name_en: string },
) {
  await db.insertInto('document_categories').values(row).execute();
}

export async function updateDocumentCategory(
  db: Executor,
  id: number,
  row: { name: string; name_en: string },
) {
  await db.updateTable('document_categories').set(row).where('id', '=', id).execute();
}

export async function insertOutcomeCategory(
  db: Executor,
  row: { id: number; name: string; name_en: string; direction: 'income' | 'expense' },
) {
  await db.insertInto('outcome_categories').values(row).execute();
}

export async function updateOutcomeCategory(
  db: Executor,
  id: number,
  row: { name: string; name_en: string; direction: 'income' | 'expense' },
) {
  await db.updateTable('outcome_categories').set(row).where('id', '=', id).execute();
}

export async function setArchived(db: Executor, table: CategoryTable, id: number, archived: boolean) {
  await db
    .updateTable(table)
    .set({ archived_at: archived ? sql<Date>`now()` : null })
    .where('id', '=', id)
    .execute();
}

/** Whether anything carries the category: documents (owners' or locations') or income-expense rows. */
export async function inUse(db: Executor, table: CategoryTable, id: number) {
  const carriers =
    table === 'document_categories'
      ? (['documents', 'location_documents'] as const)
      : (['outcome_rows'] as const);
  for (const carrier of carriers) {
    const row = await db.selectFrom(carrier).select('id').where('category_id', '=', id).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export async function deleteCategory(db: Executor, table: CategoryTable, id: number) {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
