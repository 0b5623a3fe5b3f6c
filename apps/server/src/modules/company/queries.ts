import type { Executor } from '../../db/executor.ts';

/** The one settings row (the migration inserts it). */
export async function settingsRow(db: Executor) {
  return db.selectFrom('company_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

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
