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

export async function lockNewsRow(db: Executor, id: number) {
  return db.selectFrom('news').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Inserts (id undefined) or updates a news item; answers its id, or undefined when the id is not there. */
export async function saveNewsRow(db: Executor, id: number | undefined, row: Insertable<DB['news']>) {
  const saved =
    id === undefined
      ? await db.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow()
      : await db.updateTable('news').set(row).where('id', '=', id).returning('id').executeTakeFirst();
  return saved?.id;
}

/** One page of a role's published news, newest first, with the total of that role's published news. */
export async function publishedNewsPage(
  db: Executor,
  query: { pageId: number; pageSize: number; rolesForNews: 'INVESTOR' | 'LENDER' },
) {
  const forRole = query.rolesForNews === 'INVESTOR' ? 'for_investors' : 'for_lenders';
  const base = db.selectFrom('news').where('is_published', '=', true).where(forRole, '=', true);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageId - 1) * query.pageSize)
      .execute(),
  ]);
  return [total, rows] as const;
}
