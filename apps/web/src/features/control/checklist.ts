import {
  CHECK_PASSED,
  type ChecklistGroup,
  type ChecklistSubgroup,
  INSPECTION_FILTER_ALL,
  type Inspection,
  percentUp,
} from '@portal/contract/control';
import { moscowDate } from '../../shared/time';

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

/**
 * Completed inspections inside the date range (yyyy-mm-dd days, as the date picker gives them), both ends included:
 * an inspection counts on its Moscow day, wherever the browser is.
 */
export function inRange(inspections: Inspection[], from: string | null, to: string | null): Inspection[] {
  return inspections.filter((i) => {
    const day = moscowDate(Date.parse(i.inspectionDate));
    return (from === null || day >= from) && (to === null || day <= to);
  });
}

/**
 * The default date range: the year ending today (spec: Screens and routes: a window ending now), from the same day a
 * year before; a 29 February starts on 1 March.
 */
export function defaultRange(today: string): [string, string] {
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  return [new Date(Date.UTC(year - 1, month - 1, day)).toISOString().slice(0, 10), today];
}

/** The control page's type filter (`currentFilterId`): 0 keeps every inspection, else those of that type id. */
export function byType(inspections: Inspection[], filterId: number): Inspection[] {
  if (filterId === INSPECTION_FILTER_ALL) return inspections;
  return inspections.filter((i) => i.inspectionType.id === filterId);
}
