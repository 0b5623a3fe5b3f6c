import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';
import { type SettingsRow, settingsRowQuery } from '../company/service.ts';
import { unreadCountQuery } from '../notifications/service.ts';
import { profileRowQuery, type UserUnitRow, userUnitRowsQuery } from '../profile/service.ts';
import { type OpenRequestRow, openRequestsQuery } from '../requests/service.ts';

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
    >`(select coalesce(json_agg(r), '[]') from (${openRequestsQuery(db, userId)}) as r)`.as('requests'),
    sql<SettingsRow>`(select to_json(s) from (${settingsRowQuery(db)}) as s)`.as('settings'),
  ]),
);
