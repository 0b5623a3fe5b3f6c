import type { CompanySettings, companySettingsBodySchema } from '@portal/contract/company-settings';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { enforceRateLimits, RATE_LIMITS } from '../../http/rate-limit.ts';
import { requireOwnerInScope, staffScope } from '../access/service.ts';
import { changesOf, recordAudit } from '../audit/service.ts';
import { invitationEmail, invitationSms, inviteeRole } from '../auth/emails.ts';
import { issueSignupLink } from '../auth/service.ts';
import type { Session } from '../auth/sessions.ts';
import { enqueueEmail, enqueueSms } from '../outbox/outbox.ts';
import * as q from './queries.ts';

/**
 * The company's own settings. Anyone reads them (the sign-in page's footer shows the links); only an admin changes
 * them: they are the company's public face and name every mail, like the staff list that only admins manage.
 * Managers see the console page read-only. Every change is audited with its values before and after.
 */
type Fields = z.output<typeof companySettingsBodySchema>;

/** The settings' row as a statement of its own, for users/layout to read inside its one statement. */
export const settingsRowQuery = q.settingsRowQuery;
export type SettingsRow = q.SettingsColumns;

/** The answer from the settings' row. */
export const settingsFrom = (row: q.SettingsColumns): CompanySettings => ({
  name: row.name,
  nameEn: row.name_en,
  investUrl: row.invest_url,
  hotelsUrl: row.hotels_url,
  schemeUrl: row.scheme_url,
  privacyUrl: row.privacy_url,
  supportPhone: row.support_phone,
  supportEmail: row.support_email,
  reportTitle: row.report_title,
  reportTitleEn: row.report_title_en,
  statementDay: row.statement_day,
});

export async function readSettings(db: Executor): Promise<CompanySettings> {
  return settingsFrom(await q.settingsRow(db));
}

/** The company's name in a language: the English one falls back to the Russian. */
/** The day of the month the owners' statements of the month before go out. */
export async function statementDay(db: Executor): Promise<number> {
  return (await q.settingsRow(db)).statement_day;
}

export async function companyName(db: Executor, locale: 'ru' | 'en'): Promise<string> {
  const row = await q.settingsRow(db);
  return locale === 'en' && row.name_en ? row.name_en : row.name;
}

export async function updateSettings(
  ctx: AppContext,
  session: Session,
  body: Fields,
): Promise<CompanySettings> {
  if (!session.roles.includes('ADMIN')) throw forbidden();
  const after: q.SettingsColumns = {
    name: body.name,
    name_en: body.nameEn,
    invest_url: body.investUrl,
    hotels_url: body.hotelsUrl,
    scheme_url: body.schemeUrl,
    privacy_url: body.privacyUrl,
    support_phone: body.supportPhone,
    support_email: body.supportEmail,
    report_title: body.reportTitle,
    report_title_en: body.reportTitleEn,
    statement_day: body.statementDay ?? 0,
  };
  return ctx.database.db.transaction().execute(async (trx) => {
    const before = settingsFrom(await q.lockSettingsRow(trx));
    if (body.statementDay === undefined) after.statement_day = before.statementDay;
    await q.updateSettings(trx, after);
    const saved = settingsFrom(after);
    const changes = changesOf(before, saved);
    if (Object.keys(changes).length > 0) {
      await recordAudit(trx, {
        actorUserId: session.userId,
        action: 'company.settings.update',
        entity: 'company_settings',
        entityId: 1,
        details: { changes },
      });
    }
    return saved;
  });
}

/**
 * Sends an account's invitation again with a new link and spends the earlier ones (a lost or leaked mail stops
 * working). An owner must be in the caller's scope; a staff member is invited again by an admin only. An account
 * already activated (or deactivated) answers 409: it signs in or recovers its password instead.
 */
export async function resendInvitation(
  ctx: AppContext,
  session: Session,
  userId: number,
): Promise<{ sent: true }> {
  const scope = await staffScope(ctx, session);
  await ctx.database.db.transaction().execute(async (trx) => {
    const user = await q.invitee(trx, userId);
    if (!user) throw notFound();
    const role = inviteeRole(user.roles);
    if (role === 'staff') {
      if (!session.roles.includes('ADMIN')) throw notFound();
    } else {
      await requireOwnerInScope(trx, scope, userId);
    }
    if (user.password_hash !== null || user.deactivated_at !== null) {
      throw conflict('invitation.alreadyActive', 'id');
    }
    await enforceRateLimits(ctx, [[`link-mail:signup:user:${userId}`, RATE_LIMITS.linkMailsPerAccount]]);
    await q.spendSignupLinks(trx, userId);
    const url = `${ctx.config.publicUrl}/activation/${await issueSignupLink(trx, userId)}`;
    const locale = user.locale === 'en' ? 'en' : 'ru';
    const company = await companyName(trx, locale);
    if (user.email) {
      await enqueueEmail(trx, { to: user.email, ...invitationEmail(locale, url, role, company) });
    } else if (user.phone) {
      await enqueueSms(trx, { to: user.phone, text: invitationSms(locale, url, role, company) });
    }
    await recordAudit(trx, {
      actorUserId: session.userId,
      action: 'invitation.resend',
      entity: 'user',
      entityId: userId,
      details: { email: user.email, phone: user.phone },
    });
  });
  ctx.outbox.nudge();
  return { sent: true };
}
