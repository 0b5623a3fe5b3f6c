import type { LayoutResponse } from '@portal/contract/layout';
import type { AppContext } from '../../context.ts';
import type { Session } from '../auth/sessions.ts';
import { readSettings } from '../company/service.ts';
import { unreadCount } from '../notifications/service.ts';
import { profileWithLocations, userUnits } from '../profile/service.ts';
import { openRequests } from '../requests/service.ts';

/**
 * GET users/layout: the six answers every signed-in page's first load needs, each as its own call gives it, from
 * five statements at once (the profile's row brings the locations too).
 */
export async function layoutAnswers(ctx: AppContext, session: Session): Promise<LayoutResponse> {
  const { db } = ctx.database;
  const [{ profile, locations }, actives, unread, requests, companySettings] = await Promise.all([
    profileWithLocations(ctx, session),
    userUnits(ctx, session),
    unreadCount(ctx, session),
    openRequests(db, session.userId),
    readSettings(db),
  ]);
  return {
    profile,
    locations: { locations },
    actives: { actives },
    unreadCount: unread,
    openRequests: { requests },
    companySettings,
  };
}
