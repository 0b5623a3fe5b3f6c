import type { MediaReports } from '@portal/contract/reports';
import type { AppContext } from '../../context.ts';
import { requireHeldUnit, requireReadableLocation } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';

async function reportsOf(
  ctx: AppContext,
  of: { unitId: number } | { locationId: number },
): Promise<MediaReports> {
  const { db } = ctx.database;
  const rows = await q.reports(db, of);
  const uploads = await q.uploadsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    reports: rows.map((r) => ({
      id: r.id,
      reportDate: r.report_date,
      title: r.title,
      titleEn: r.title_en,
      subtitle: r.subtitle_html,
      subtitleEn: r.subtitle_html_en,
      uploads: uploads
        .filter((u) => u.report_id === r.id)
        .map((u) => ({ publicUrl: u.public_url, mimeType: u.mime_type })),
    })),
  };
}

/** GET timeline/report/unit: reports of a unit the user holds. */
export async function unitReports(ctx: AppContext, session: Session, unitId: number): Promise<MediaReports> {
  await requireHeldUnit(ctx, session, unitId);
  return reportsOf(ctx, { unitId });
}

/**
 * GET timeline/report/location: the whole-location reports of a location the user may read, the timeline's
 * locations (lenders' fixed tabs 1, 2 and 3 too); anything else is 404.
 */
export async function locationReports(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<MediaReports> {
  await requireReadableLocation(ctx, session, locationId, { lenderTabs: true });
  return reportsOf(ctx, { locationId });
}
