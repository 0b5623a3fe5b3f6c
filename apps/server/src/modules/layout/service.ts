import type { LayoutResponse } from '@portal/contract/layout';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { Session } from '../auth/sessions.ts';
import { settingsFrom } from '../company/service.ts';
import { profileFromRow, userUnitsFrom } from '../profile/service.ts';
import { openRequestsFrom } from '../requests/service.ts';
import { layoutRow } from './queries.ts';

/**
 * GET users/layout: the six answers every signed-in page's first load needs, each as its own call gives it, from
 * one statement (a round trip each cost more than reading the rows).
 */
export async function layoutAnswers(ctx: AppContext, session: Session): Promise<LayoutResponse> {
  const row = await layoutRow(ctx.database.db, session.userId);
  if (!row) throw notFound();
  const { profile, locations } = await profileFromRow(ctx, session, row);
  return {
    profile,
    locations: { locations },
    actives: { actives: userUnitsFrom(row.units) },
    unreadCount: { unread: row.unread },
    openRequests: { requests: openRequestsFrom(row.requests) },
    companySettings: settingsFrom(row.settings),
  };
}
