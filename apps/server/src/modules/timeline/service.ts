import {
  type ConstructionStage,
  type LocationTimeline,
  type PeripheryStage,
  TIMELINE_STATUS_NAMES,
  type TimelineStatusId,
  type UnitTimeline,
} from '@portal/contract/timeline';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { toRubles } from '../../shared/money.ts';
import { ownsUnitInLocation, requireUnitLink } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';

const status = (value: number) => Math.min(4, Math.max(0, value)) as TimelineStatusId;

/**
 * Locations whose timeline and reports a user reads: those of their units and loans (like every location page),
 * and, for lenders, the spec's fixed lender tabs 1, 2 and 3 (modules/access). Anything else is 404.
 */
async function assertReadableLocation(ctx: AppContext, session: Session, locationId: number) {
  const location = await q.readableLocation(ctx.database.db, session, locationId);
  if (!location) throw notFound();
  return location;
}

/** GET timeline/get-timeline: the capitalization and construction stages of the user's own unit link. */
export async function unitTimeline(
  ctx: AppContext,
  session: Session,
  userUnitId: number,
): Promise<UnitTimeline> {
  const { db } = ctx.database;
  const link = await requireUnitLink(ctx, session, userUnitId);
  const [head, stages] = await Promise.all([q.unitTimeline(db, link.unitId), q.unitStages(db, link.unitId)]);
  // A level 2 stage belongs to the level 1 stage before it.
  let parentSeq: number | null = null;
  const list: ConstructionStage[] = stages.map((s, i) => {
    const isTop = s.level === 1 || parentSeq === null;
    if (isTop) parentSeq = s.seq;
    const id = status(s.status);
    return {
      constructionStageId: s.seq,
      constructionStageName: s.name,
      constructionStageNameEn: s.name_en,
      constructionStatusName: TIMELINE_STATUS_NAMES[id].name,
      constructionStatusNameEn: TIMELINE_STATUS_NAMES[id].nameEn,
      constructionStatusId: id,
      constructionStageDescription: s.description,
      constructionStageDescriptionEn: s.description_en,
      finishDate: s.finish_date,
      isParent: isTop && (stages[i + 1]?.level ?? 1) > 1,
      groupId: isTop ? null : parentSeq,
    };
  });
  return {
    userUnitId: link.id,
    unitId: link.unitId,
    capitalizationStageName: head?.capitalization_stage_name ?? null,
    capitalizationStageNameEn: head?.capitalization_stage_name_en ?? null,
    capitalizationPrice: toRubles(head?.capitalization_price_kopecks ?? null),
    marketPrice: toRubles(head?.market_price_kopecks ?? null),
    capitalizationStageDescription: head?.description ?? '',
    capitalizationStageDescriptionEn: head?.description_en ?? '',
    constructionList: list,
  };
}

/**
 * GET timeline/get-timeline-location: the location's timeline and its periphery stages. The periphery stages
 * are for investors (spec: Screens and routes), so only a user who owns a unit there gets them.
 */
export async function locationTimeline(
  ctx: AppContext,
  session: Session,
  locationId: number,
): Promise<LocationTimeline> {
  const { db } = ctx.database;
  const location = await assertReadableLocation(ctx, session, locationId);
  const [timeline, investor] = await Promise.all([
    q.locationStages(db, locationId, 'location'),
    ownsUnitInLocation(ctx, session, locationId),
  ]);
  const periphery = investor ? await q.locationStages(db, locationId, 'periphery') : [];
  // Levels nest by order: 2 goes into the list of the stage before it, 3 into the inner list of the item before.
  const stages: PeripheryStage[] = [];
  for (const s of periphery) {
    const entry = {
      id: s.id,
      date: s.finish_date,
      status: status(s.status),
      title: s.name,
      titleEn: s.name_en,
    };
    const stage = stages.at(-1);
    const item = stage?.list.at(-1);
    if (s.level === 3 && item) item.innerList.push(entry);
    else if (s.level >= 2 && stage) stage.list.push({ ...entry, innerList: [] });
    else
      stages.push({
        ...entry,
        constructionStageDescription: s.description,
        constructionStageDescriptionEn: s.description_en,
        list: [],
      });
  }
  return {
    locationId,
    locationName: location.name,
    locationNameEn: location.name_en,
    timeline: timeline.map((s) => ({
      seq: s.seq,
      level: s.level,
      constructionStageName: s.name,
      constructionStageNameEn: s.name_en,
      finishDate: s.finish_date,
      constructionStageDescription: s.description,
      constructionStageDescriptionEn: s.description_en,
      constructionStatusId: status(s.status),
    })),
    peripheryStages: stages,
  };
}
