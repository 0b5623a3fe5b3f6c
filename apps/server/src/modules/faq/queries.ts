import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';

export async function faqRows(db: Executor) {
  return db.selectFrom('faq').selectAll().orderBy('position').orderBy('id').execute();
}

/** Deletes an FAQ entry; answers its question, or undefined when there was none. */
export async function deleteFaqRow(db: Executor, id: number) {
  return db.deleteFrom('faq').where('id', '=', id).returning('question').executeTakeFirst();
}

export async function lockFaqRow(db: Executor, id: number) {
  return db.selectFrom('faq').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Inserts (id undefined) or updates an FAQ entry; answers its id, or undefined when the id is not there. */
export async function saveFaqRow(db: Executor, id: number | undefined, row: Insertable<DB['faq']>) {
  const saved =
    id === undefined
      ? await db.insertInto('faq').values(row).returning('id').executeTakeFirstOrThrow()
      : await db.updateTable('faq').set(row).where('id', '=', id).returning('id').executeTakeFirst();
  return saved?.id;
}

/** The published questions in their order. */
export async function publishedFaq(db: Executor) {
  return db
    .selectFrom('faq')
    .select(['id', 'question', 'question_en', 'answer', 'answer_en'])
    .where('is_published', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
}
