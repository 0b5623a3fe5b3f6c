import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** Rows of a location part within [from, to) dates, with their category. */
export async function outcomeRows(
  db: Executor,
  locationId: number,
  part: 'main' | 'periphery',
  from: string,
  to: string,
) {
  return db
    .selectFrom('outcome_rows')
    .innerJoin('outcome_categories', 'outcome_categories.id', 'outcome_rows.category_id')
    .select([
      'outcome_rows.id',
      'outcome_rows.row_date',
      'outcome_rows.article',
      'outcome_rows.article_en',
      'outcome_rows.amount_kopecks',
      'outcome_categories.id as categoryId',
      'outcome_categories.name as categoryName',
      'outcome_categories.name_en as categoryNameEn',
      'outcome_categories.direction',
    ])
    .where('outcome_rows.location_id', '=', locationId)
    .where('outcome_rows.part', '=', part)
    .where('outcome_rows.row_date', '>=', from)
    .where('outcome_rows.row_date', '<', to)
    .orderBy('outcome_rows.row_date')
    .orderBy('outcome_rows.id')
    .execute();
}

/** Income total of a location part in [from, to). */
export async function incomeTotal(
  db: Executor,
  locationId: number,
  part: 'main' | 'periphery',
  from: string,
  to: string,
) {
  const row = await db
    .selectFrom('outcome_rows')
    .innerJoin('outcome_categories', 'outcome_categories.id', 'outcome_rows.category_id')
    .select(sql<number>`coalesce(sum(outcome_rows.amount_kopecks), 0)`.as('total'))
    .where('outcome_rows.location_id', '=', locationId)
    .where('outcome_rows.part', '=', part)
    .where('outcome_categories.direction', '=', 'income')
    .where('outcome_rows.row_date', '>=', from)
    .where('outcome_rows.row_date', '<', to)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
