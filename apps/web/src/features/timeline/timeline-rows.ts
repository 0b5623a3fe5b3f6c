import { LENDER_TIMELINE_LOCATION_IDS, WHOLE_LOCATION_TAB_ID } from '@portal/contract/constants';
import {
  type LocationTimelineItem,
  TIMELINE_STATUS,
  type TimelineStatusId,
  type UnitTimeline,
} from '@portal/contract/timeline';

/** A row of a unit's timeline as the page draws it (spec §3 'Timeline row'). */
export type TimelineRow = {
  id: number;
  status: TimelineStatusId;
  date: string | null;
  /** The purchase stage (status 4): a highlighted header. */
  isHeader: boolean;
  /** A milestone: the purchase stage and every stage with sub-stages. */
  isStar: boolean;
  isLast: boolean;
  /** A sub-stage, drawn indented under its parent. */
  isChild: boolean;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  marketPrice: number | null;
  capitalizationPrice: number | null;
};

/**
 * The rows of a unit's timeline: top stages in order, each followed by its sub-stages (groupId). The
 * capitalization and market prices go on the purchase header, or on the first row when there is none.
 */
export function timelineRows(timeline: UnitTimeline): TimelineRow[] {
  const list = timeline.constructionList;
  const ids = new Set(list.map((s) => s.constructionStageId));
  const isTop = (s: (typeof list)[number]) => s.groupId === null || !ids.has(s.groupId);
  const ordered = list
    .filter(isTop)
    .flatMap((top) => [top, ...list.filter((s) => !isTop(s) && s.groupId === top.constructionStageId)]);
  const rows = ordered.map(
    (s, index): TimelineRow => ({
      id: s.constructionStageId,
      status: s.constructionStatusId,
      date: s.finishDate,
      isHeader: s.constructionStatusId === TIMELINE_STATUS.purchase,
      isStar: s.constructionStatusId === TIMELINE_STATUS.purchase || s.isParent,
      isLast: index === ordered.length - 1,
      isChild: !isTop(s),
      name: s.constructionStageName,
      nameEn: s.constructionStageNameEn,
      description: s.constructionStageDescription,
      descriptionEn: s.constructionStageDescriptionEn,
      marketPrice: null,
      capitalizationPrice: null,
    }),
  );
  const priced = rows.find((r) => r.isHeader) ?? rows[0];
  if (priced) {
    priced.marketPrice = timeline.marketPrice;
    priced.capitalizationPrice = timeline.capitalizationPrice;
  }
  return rows;
}

/** Whether a unit has a timeline to show; otherwise the page shows the no-data stub. */
export function hasUnitTimeline(timeline: UnitTimeline): boolean {
  return timeline.constructionList.length > 0 || timeline.capitalizationStageName !== null;
}

export type LocationNode = { item: LocationTimelineItem; children: LocationNode[] };

/** Nests the location timeline by level: an item goes under the last item of a lower level before it. */
export function nestLocationTimeline(items: LocationTimelineItem[]): LocationNode[] {
  const roots: LocationNode[] = [];
  const path: LocationNode[] = [];
  for (const item of [...items].sort((a, b) => a.seq - b.seq)) {
    const node: LocationNode = { item, children: [] };
    while (path.length > 0 && (path.at(-1)?.item.level ?? 0) >= item.level) path.pop();
    const parent = path.at(-1);
    if (parent) parent.children.push(node);
    else roots.push(node);
    path.push(node);
  }
  return roots;
}

/** A tab of the timeline and reports pages (spec §3 'Timeline tab'). */
export type TimelineTab = {
  /** 1488 for the whole location, the unit link's id for a unit, the location id for a lender's tab. */
  id: number;
  /** null: the page names it (the whole location, or a lender location still loading). */
  label: string | null;
  labelEn: string | null;
  /** The unit whose reports the tab shows; null for a location's reports. */
  reportUnitId: number | null;
  /** The location whose timeline or reports the tab shows. */
  locationId: number;
};

/** An investor's tabs: the whole location first, then the user's units of the location. */
export function investorTabs(
  locationId: number,
  units: Array<{
    unitId: number;
    userUnitId: number;
    unitName: string;
    unitNameEn: string;
    locationId: number;
  }>,
): TimelineTab[] {
  return [
    { id: WHOLE_LOCATION_TAB_ID, label: null, labelEn: null, reportUnitId: null, locationId },
    ...units
      .filter((u) => u.locationId === locationId)
      .map((u) => ({
        id: u.userUnitId,
        label: u.unitName,
        labelEn: u.unitNameEn,
        reportUnitId: u.unitId,
        locationId,
      })),
  ];
}

/** A lender's fixed tabs: locations 1, 2 and 3 (spec §2, §9). */
export function lenderTabs(names: Map<number, { name: string; nameEn: string }>): TimelineTab[] {
  return LENDER_TIMELINE_LOCATION_IDS.map((id) => ({
    id,
    label: names.get(id)?.name ?? null,
    labelEn: names.get(id)?.nameEn ?? null,
    reportUnitId: null,
    locationId: id,
  }));
}

/** A lender's first tab: the stored one only if it is one of the fixed three, else the current location's, else 1. */
export function pickLenderTab(stored: number | null, currentLocationId: number | null): number {
  const fixed = LENDER_TIMELINE_LOCATION_IDS as readonly number[];
  if (stored !== null && fixed.includes(stored)) return stored;
  if (currentLocationId !== null && fixed.includes(currentLocationId)) return currentLocationId;
  return fixed[0] ?? 1;
}
