import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';

/** The one settings row (the migration inserts it). */
export async function settingsRow(db: Executor): Promise<SettingsColumns> {
  const [row] = await settingsRowStatement(db, {});
  if (!row) throw new Error('company_settings has no row');
  return row;
}

const settingsRowStatement = prepared('settingsRow', (db) => settingsRowQuery(db));

/** The settings' columns the answer shows; users/layout reads them in its own statement. */
export const settingsRowQuery = (db: Executor) =>
  db
    .selectFrom('company_settings')
    .select([
      'name',
      'name_en',
      'invest_url',
      'hotels_url',
      'scheme_url',
      'privacy_url',
      'support_phone',
      'support_email',
      'report_title',
      'report_title_en',
      'statement_day',
    ])
    .where('id', '=', 1);

export async function lockSettingsRow(db: Executor) {
  return db
    .selectFrom('company_settings')
    .selectAll()
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export type SettingsColumns = {
  name: string;
  name_en: string;
  invest_url: string;
  hotels_url: string;
  scheme_url: string;
  privacy_url: string;
  support_phone: string;
  support_email: string;
  report_title: string;
  report_title_en: string;
  statement_day: number;
};

export async function updateSettings(db: Executor, values: SettingsColumns) {
  await db
    .updateTable('company_settings')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', 1)
    .execute();
}

/** An account to invite again: its contacts, language, state and roles. */
export async function invitee(db: Executor, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'locale', 'password_hash', 'deactivated_at'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return { ...user, roles: roles.map((row) => row.role) };
}

/** Spends the account's unused activation links, so that only the newest one works. */
export async function spendSignupLinks(db: Executor, userId: number) {
  await db
    .updateTable('auth_links')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('kind', '=', 'signup')
    .where('used_at', 'is', null)
    .execute();
}
