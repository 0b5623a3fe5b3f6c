import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { DB } from '../../db/schema.ts';

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

/** Inserts (id undefined) or updates a news item; answers its id, or undefined when the id is not there. */
export async function saveNewsRow(db: Executor, id: number | undefined, row: Insertable<DB['news']>) {
  const saved =
    id === undefined
      ? await db.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow()
      : await db.updateTable('news').set(row).where('id', '=', id).returning('id').executeTakeFirst();
  return saved?.id;
}
