import {
  type LocationTimelineItem,
  TIMELINE_STATUS,
  type TimelineStatusId,
  type UnitTimeline,
} from '@portal/contract/timeline';

/** A row of a unit's timeline as the page draws it (spec: Entities and their fields 'Timeline row'). */
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
