import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idSchema } from './validation.ts';

/** The timeline (spec: the Timeline page, its entities, status codes and calls); its media reports are reports.ts. */

/**
 * Stage status codes (spec: States and transitions). 4 is the purchase stage: a highlighted (green) header with a star.
 */
export const TIMELINE_STATUS = {
  notStarted: 0,
  awaiting: 1,
  inProgress: 2,
  done: 3,
  purchase: 4,
} as const;
export const TIMELINE_STATUS_IDS = [0, 1, 2, 3, 4] as const;
export type TimelineStatusId = (typeof TIMELINE_STATUS_IDS)[number];
/** constructionStatusName by id, in both languages. */
export const TIMELINE_STATUS_NAMES: Record<TimelineStatusId, { name: string; nameEn: string }> = {
  0: { name: 'Не начат', nameEn: 'Not started' },
  1: { name: 'Ожидает начала', nameEn: 'Awaiting commencement' },
  2: { name: 'В процессе', nameEn: 'In progress' },
  3: { name: 'Выполнен', nameEn: 'Done' },
  4: { name: 'Покупка', nameEn: 'Purchase' },
};

export const unitTimelineQuerySchema = z.object({ userUnitId: idSchema });
export const locationTimelineQuerySchema = z.object({ locationId: idSchema });

const statusId = z.literal(TIMELINE_STATUS_IDS);
const isoDate = z.string().nullable().describe('yyyy-mm-dd, or null when not planned yet');

export const constructionStageSchema = z.object({
  constructionStageId: z.number().describe("The stage's position in the unit's list"),
  constructionStageName: z.string(),
  constructionStageNameEn: z.string(),
  constructionStatusName: z.string(),
  constructionStatusNameEn: z.string(),
  constructionStatusId: statusId,
  constructionStageDescription: z.string(),
  constructionStageDescriptionEn: z.string(),
  finishDate: isoDate,
  isParent: z.boolean().describe('Has sub-stages (those whose groupId is this constructionStageId)'),
  groupId: z.number().nullable().describe('constructionStageId of the parent stage; null for a top stage'),
});
export type ConstructionStage = z.infer<typeof constructionStageSchema>;

/** GET timeline/get-timeline?userUnitId: a unit's capitalization and construction stages. */
export const unitTimelineSchema = z
  .object({
    userUnitId: z.number(),
    unitId: z.number(),
    capitalizationStageName: z.string().nullable().describe('null: the unit has no timeline yet'),
    capitalizationStageNameEn: z.string().nullable(),
    capitalizationPrice: z.number().nullable().describe('Rubles'),
    marketPrice: z.number().nullable().describe('Rubles'),
    capitalizationStageDescription: z.string(),
    capitalizationStageDescriptionEn: z.string(),
    constructionList: z.array(constructionStageSchema).describe('In order; sub-stages follow their parent'),
  })
  .meta({ id: 'UnitTimeline' });
export type UnitTimeline = z.infer<typeof unitTimelineSchema>;

export const locationTimelineItemSchema = z.object({
  seq: z.number(),
  level: z
    .number()
    .int()
    .min(1)
    .max(3)
    .describe('1–3: an item nests under the item of a lower level before it'),
  constructionStageName: z.string(),
  constructionStageNameEn: z.string(),
  finishDate: isoDate,
  constructionStageDescription: z.string(),
  constructionStageDescriptionEn: z.string(),
  constructionStatusId: statusId,
});
export type LocationTimelineItem = z.infer<typeof locationTimelineItemSchema>;

const peripheryEntrySchema = z.object({
  id: z.number(),
  date: isoDate,
  status: statusId,
  title: z.string(),
  titleEn: z.string(),
});
export const peripheryStageSchema = peripheryEntrySchema.extend({
  constructionStageDescription: z.string(),
  constructionStageDescriptionEn: z.string(),
  list: z.array(peripheryEntrySchema.extend({ innerList: z.array(peripheryEntrySchema) })),
});
export type PeripheryStage = z.infer<typeof peripheryStageSchema>;
export type PeripheryEntry = z.infer<typeof peripheryEntrySchema>;

/**
 * GET timeline/get-timeline-location?locationId: the location's timeline and, in the same answer, its periphery
 * stages (only for users who own units there; empty for lenders).
 */
export const locationTimelineResponseSchema = z
  .object({
    locationId: z.number(),
    locationName: z.string().describe("Lenders' fixed tabs may name locations they hold nothing in"),
    locationNameEn: z.string(),
    timeline: z.array(locationTimelineItemSchema).describe('By seq'),
    peripheryStages: z.array(peripheryStageSchema),
  })
  .meta({ id: 'LocationTimeline' });
export type LocationTimeline = z.infer<typeof locationTimelineResponseSchema>;

export const timelineApi = {
  unitTimeline: defineRoute({
    method: 'GET',
    path: '/timeline/get-timeline',
    summary: "A unit's capitalization and construction timeline, by the user's unit link (userUnitId)",
    tags: ['timeline'],
    access: 'session',
    query: unitTimelineQuerySchema,
    response: unitTimelineSchema,
    errors: [404],
  }),
  locationTimeline: defineRoute({
    method: 'GET',
    path: '/timeline/get-timeline-location',
    summary:
      "The location's timeline (levels 1–3) and its periphery stages (for owners of units there). " +
      'Lenders also read locations 1, 2 and 3, their fixed tabs.',
    tags: ['timeline'],
    access: 'session',
    query: locationTimelineQuerySchema,
    response: locationTimelineResponseSchema,
    errors: [404],
  }),
};
