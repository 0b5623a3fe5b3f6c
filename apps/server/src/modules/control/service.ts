import {
  type ChecklistGroup,
  INSPECTION_COLORS,
  INSPECTION_KIND_IDS,
  INSPECTION_KIND_LABELS,
  type Inspection,
  type InspectionDetail,
  type InspectionItem,
  inspectionResult,
  type LocationInspections,
  percentUp,
} from '@portal/contract/control';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { requireReadableLocation } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';

/** GET check-office/get-location-inspections: summary, completed (newest first) and upcoming (soonest first). */
export async function locationInspections(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<LocationInspections> {
  // The user's locations: where they hold units or a loan (modules/access). Any other location is 404.
  await requireReadableLocation(ctx, session, locationId);
  const rows = await q.inspectionsOfLocation(ctx.database.db, locationId);
  const list: Inspection[] = rows.map((r) => {
    const total = Number(r.total);
    const passed = Number(r.passed);
    const done = r.is_completed && total > 0;
    const factRate = done ? passed : null;
    const percent = done ? percentUp(passed, total) : null;
    return {
      id: r.id,
      patternName: r.pattern_name,
      patternNameEn: r.pattern_name_en,
      patternColor: INSPECTION_COLORS[r.kind],
      inspectionDate: r.inspection_date.toISOString(),
      statFails: done ? total - passed : 0,
      percent,
      factRate,
      maxRate: total,
      inspectionLabel: r.list_name,
      inspectionLabelEn: r.list_name_en,
      inspectionType: {
        id: INSPECTION_KIND_IDS[r.kind],
        ...INSPECTION_KIND_LABELS[r.kind],
        color: INSPECTION_COLORS[r.kind],
      },
      result: inspectionResult(factRate, total, percent),
      isCompleted: r.is_completed,
    };
  });
  const completed = list.filter((i) => i.isCompleted).reverse();
  const upcoming = list.filter((i) => !i.isCompleted);
  const percents = completed.flatMap((i) => (i.percent === null ? [] : [i.percent]));
  return {
    averageResult: percents.length
      ? Math.round(percents.reduce((sum, p) => sum + p, 0) / percents.length)
      : null,
    finishedInspectionCount: completed.length,
    lastInspectionDate: completed[0]?.inspectionDate ?? null,
    completedInspections: completed,
    upcomingInspections: upcoming,
  };
}

/** GET check-office/get-inspection: an inspection of the user's locations with its checklist tree. */
export async function inspection(
  ctx: AppContext,
  session: Session,
  inspectionId: number,
): Promise<InspectionDetail> {
  const { db } = ctx.database;
  // An inspection of a location the user does not read is 404, like an unknown one.
  const row = await q.inspectionById(db, session, inspectionId);
  if (!row) throw notFound();
  const checks = await q.checksOf(db, inspectionId);
  const groups: ChecklistGroup[] = [];
  let nextId = 1;
  for (const c of checks) {
    let group = groups.at(-1);
    if (!group || group.title !== c.group_title) {
      group = { id: nextId++, title: c.group_title, titleEn: c.group_title_en, tests: [] };
      groups.push(group);
    }
    let subgroup = group.tests.at(-1);
    if (!subgroup || subgroup.title !== c.subgroup_title) {
      subgroup = { id: nextId++, title: c.subgroup_title, titleEn: c.subgroup_title_en, testsList: [] };
      group.tests.push(subgroup);
    }
    subgroup.testsList.push({
      id: c.id,
      test: c.test,
      testEn: c.test_en,
      status: c.status === 1 ? 1 : 0,
      media: c.media,
    });
  }
  const done = row.is_completed && checks.length > 0;
  const passed = checks.filter((c) => c.status === 1).length;
  return {
    id: row.id,
    locationId: row.location_id,
    patternName: row.pattern_name,
    patternNameEn: row.pattern_name_en,
    isCompleted: row.is_completed,
    inspectionDate: row.inspection_date.toISOString(),
    inspectionFactRate: done ? passed : null,
    inspectionMaxRate: checks.length,
    successPercentage: done ? percentUp(passed, checks.length) : null,
    inspectionFails: checks
      .filter((c) => c.status === 0)
      .map((c) => ({ id: c.id, test: c.test, testEn: c.test_en })),
    inspectionListName: row.list_name,
    inspectionListNameEn: row.list_name_en,
    groups: done ? groups : [],
    items: done ? groups.map(groupItem) : [],
  };
}

/** The checklist as the spec's items tree: a group's children are its subgroups, theirs the checks. */
function groupItem(group: ChecklistGroup): InspectionItem {
  const node = { photos: [], videos: [], status: null };
  return {
    id: group.id,
    name: group.title,
    nameEn: group.titleEn,
    ...node,
    children: group.tests.map((subgroup) => ({
      id: subgroup.id,
      name: subgroup.title,
      nameEn: subgroup.titleEn,
      ...node,
      children: subgroup.testsList.map((check) => ({
        id: check.id,
        name: check.test,
        nameEn: check.testEn,
        status: check.status,
        photos: check.media.filter((m) => !m.isVideo).map((m) => m.url),
        videos: check.media.filter((m) => m.isVideo).map((m) => ({ url: m.url })),
        children: [],
      })),
    })),
  };
}
