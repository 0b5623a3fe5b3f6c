import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';

/** The company's content tables the console writes (faq, news, media reports): their ids are alike. */
export type ContentTable = 'faq' | 'news' | 'media_reports';

export async function faqRows(db: Executor) {
  return db.selectFrom('faq').selectAll().orderBy('position').orderBy('id').execute();
}

/** Deletes an FAQ entry; answers its question, or undefined when there was none. */
export async function deleteFaqRow(db: Executor, id: number) {
  return db.deleteFrom('faq').where('id', '=', id).returning('question').executeTakeFirst();
}

/** The newest news first, at most `limit`. */
export async function newsRows(db: Executor, limit: number) {
  return db
    .selectFrom('news')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Deletes a news item; answers its title, or undefined when there was none. */
export async function deleteNewsRow(db: Executor, id: number) {
  return db.deleteFrom('news').where('id', '=', id).returning('title').executeTakeFirst();
}

/** Inserts (id undefined) or updates a content row; answers its id, or undefined when the id is not there. */
export async function saveRow<T extends ContentTable>(
  db: Executor,
  table: T,
  id: number | undefined,
  row: Insertable<DB[T]>,
) {
  // Kysely cannot narrow a union of table names: one table stands for all three, whose ids are alike.
  const same = table as 'faq';
  const values = row as Insertable<DB['faq']>;
  const saved =
    id === undefined
      ? await db.insertInto(same).values(values).returning('id').executeTakeFirstOrThrow()
      : await db.updateTable(same).set(values).where('id', '=', id).returning('id').executeTakeFirst();
  return saved?.id;
}
