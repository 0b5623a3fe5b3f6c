import {
  CHECK_PASSED,
  type ChecklistGroup,
  type ChecklistSubgroup,
  INSPECTION_FILTER_ALL,
  type Inspection,
  percentUp,
} from '@portal/contract/control';

export type Count = { passed: number; total: number; percent: number };

/**
 * 'N of M (P%)': N checks with status 1, M all checks, P rounded up (spec: Screens and routes; Business constants and
 * limits).
 */
export function countChecks(items: Array<ChecklistGroup | ChecklistSubgroup>): Count {
  let passed = 0;
  let total = 0;
  for (const item of items)
    for (const check of 'testsList' in item ? item.testsList : item.tests.flatMap((s) => s.testsList)) {
      total += 1;
      if (check.status === CHECK_PASSED) passed += 1;
    }
  return { passed, total, percent: percentUp(passed, total) };
}

/** The anchor of a checklist section, for the side index. */
export const sectionId = (groupId: number) => `checklist-group-${groupId}`;

/** Completed inspections inside the date range, both ends included (whole days). */
export function inRange(inspections: Inspection[], from: Date | null, to: Date | null): Inspection[] {
  const start = from ? new Date(from).setHours(0, 0, 0, 0) : Number.NEGATIVE_INFINITY;
  const end = to ? new Date(to).setHours(23, 59, 59, 999) : Number.POSITIVE_INFINITY;
  return inspections.filter((i) => {
    const at = Date.parse(i.inspectionDate);
    return at >= start && at <= end;
  });
}

/** The default date range: the year ending now (spec: Screens and routes: a window ending now). */
export function defaultRange(now: Date): [Date, Date] {
  const start = new Date(now);
  start.setFullYear(start.getFullYear() - 1);
  return [start, now];
}

/** The control page's type filter (`currentFilterId`): 0 keeps every inspection, else those of that type id. */
export function byType(inspections: Inspection[], filterId: number): Inspection[] {
  if (filterId === INSPECTION_FILTER_ALL) return inspections;
  return inspections.filter((i) => i.inspectionType.id === filterId);
}
