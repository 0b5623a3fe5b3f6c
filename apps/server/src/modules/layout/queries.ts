import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';
import type { SettingsColumns } from '../company/queries.ts';
import { settingsColumnsQuery } from '../company/queries.ts';
import { unreadCountQuery } from '../notifications/queries.ts';
import { profileRowQuery, type UserUnitRow, userUnitRowsQuery } from '../profile/queries.ts';
import { type OpenRequestRow, openRequestsWithSubjectQuery } from '../requests/queries.ts';

/**
 * Everything users/layout answers in one statement: the profile's row (which brings the locations), and beside it
 * the rows of the units, the open requests and the company settings as JSON, and the unread count. Each part is
 * its own call's statement, so the parts cannot drift from the calls.
 */
export async function layoutRow(db: Executor, userId: number) {
  const [row] = await layoutRowStatement(db, { userId });
  return row;
}

const layoutRowStatement = prepared('layoutRow', (db, { userId }: { userId: number }) =>
  profileRowQuery(db, userId).select([
    sql<UserUnitRow[]>`(select coalesce(json_agg(u), '[]') from (${userUnitRowsQuery(db, userId)}) as u)`.as(
      'units',
    ),
    sql<number>`(${unreadCountQuery(db, userId)})`.as('unread'),
    sql<
      OpenRequestRow[]
    >`(select coalesce(json_agg(r), '[]') from (${openRequestsWithSubjectQuery(db, userId)}) as r)`.as(
      'requests',
    ),
    sql<SettingsColumns>`(select to_json(s) from (${settingsColumnsQuery(db)}) as s)`.as('settings'),
  ]),
);
