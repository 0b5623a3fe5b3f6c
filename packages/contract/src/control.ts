import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idSchema } from './validation.ts';

/** Inspections (spec, operational areas: the control and inspection pages, their entities, states and calls). */

/**
 * The three kinds the inspection colours stand for (spec: Screens and routes): material base, service control, other.
 */
export const INSPECTION_KINDS = ['material', 'service', 'other'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];
export const INSPECTION_COLORS: Record<InspectionKind, string> = {
  material: '#2f9e44',
  service: '#1c7ed6',
  other: '#f08c00',
};

/** The type of an inspection as the spec's entity gives it (`inspectionType {label, color}`), both languages. */
export const INSPECTION_KIND_LABELS: Record<InspectionKind, { label: string; labelEn: string }> = {
  material: { label: 'Материальная база', labelEn: 'Material base' },
  service: { label: 'Контроль сервиса', labelEn: 'Service control' },
  other: { label: 'Другое', labelEn: 'Other' },
};

/**
 * The control page's filter (`currentFilterId`, spec: Entities and their fields): 0 every inspection, else one type by
 * its id. The ids are ours (the spec names the state, not its values).
 */
export const INSPECTION_KIND_IDS: Record<InspectionKind, number> = { material: 1, service: 2, other: 3 };
export const INSPECTION_FILTER_ALL = 0;

/**
 * 'fact rate/max rate (success percentage%)', empty when there is no fact rate (spec: Screens and routes, inspection
 * detail).
 */
export function inspectionResult(factRate: number | null, maxRate: number, percent: number | null): string {
  return factRate === null ? '' : `${factRate}/${maxRate} (${percent ?? 0}%)`;
}

/** Check status: 1 passed, 0 failed (spec: States and transitions). */
export const CHECK_PASSED = 1;

/**
 * Percent of a part, rounded up (spec: Business constants and limits), in integer arithmetic so 7 of 100 is 7, not 8.
 */
export function percentUp(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.ceil((part * 100) / whole);
}

export const locationInspectionsQuerySchema = z.object({ locationId: idSchema });
export const inspectionQuerySchema = z.object({ inspectionId: idSchema });

export const inspectionSchema = z.object({
  id: z.number(),
  patternName: z.string(),
  patternNameEn: z.string(),
  patternColor: z.string(),
  inspectionDate: z.string().describe('ISO instant'),
  statFails: z.number().describe('Failed checks'),
  percent: z.number().nullable().describe('Success percentage, rounded up; null before the inspection'),
  factRate: z.number().nullable(),
  maxRate: z.number(),
  inspectionLabel: z.string().describe("The inspection's checklist title, shown as its label"),
  inspectionLabelEn: z.string(),
  inspectionType: z.object({
    id: z.number().describe('The filter id of the type (currentFilterId): 1 material, 2 service, 3 other'),
    label: z.string(),
    labelEn: z.string(),
    color: z.string(),
  }),
  result: z.string().describe("'fact/max (percent%)', empty before the inspection"),
  isCompleted: z.boolean(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

/** GET check-office/get-location-inspections: the summary and both lists of a location. */
export const locationInspectionsResponseSchema = z
  .object({
    averageResult: z.number().nullable().describe('Mean success percentage of completed inspections'),
    finishedInspectionCount: z.number(),
    lastInspectionDate: z.string().nullable(),
    completedInspections: z.array(inspectionSchema).describe('Newest first'),
    upcomingInspections: z.array(inspectionSchema).describe('Soonest first'),
  })
  .meta({ id: 'LocationInspections' });
export type LocationInspections = z.infer<typeof locationInspectionsResponseSchema>;

export const checkSchema = z.object({
  id: z.number(),
  test: z.string(),
  testEn: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  media: z.array(z.object({ url: z.string(), isVideo: z.boolean() })),
});
export type Check = z.infer<typeof checkSchema>;

export const checklistSubgroupSchema = z.object({
  id: z.number(),
  title: z.string(),
  titleEn: z.string(),
  testsList: z.array(checkSchema),
});
export type ChecklistSubgroup = z.infer<typeof checklistSubgroupSchema>;

export const checklistGroupSchema = z.object({
  id: z.number(),
  title: z.string(),
  titleEn: z.string(),
  tests: z.array(checklistSubgroupSchema),
});
export type ChecklistGroup = z.infer<typeof checklistGroupSchema>;

/**
 * The checklist as the spec's items tree (`name`, `children`, `photos`, `videos[url]`): groups hold subgroups, which
 * hold checks; a check has its status and media, a group or subgroup has none of its own.
 */
export const inspectionItemSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    nameEn: z.string(),
    status: z
      .union([z.literal(0), z.literal(1), z.null()])
      .describe('A check: 1 passed, 0 failed; else null'),
    photos: z.array(z.string()).describe('Photo URLs'),
    videos: z.array(z.object({ url: z.string() })),
    get children(): z.ZodArray<typeof inspectionItemSchema> {
      return z.array(inspectionItemSchema);
    },
  })
  .meta({ id: 'InspectionItem' });
export type InspectionItem = z.infer<typeof inspectionItemSchema>;

/** GET check-office/get-inspection: one inspection of the user's locations with its checklist. */
export const inspectionDetailSchema = z
  .object({
    id: z.number(),
    locationId: z.number(),
    patternName: z.string(),
    patternNameEn: z.string(),
    isCompleted: z.boolean(),
    inspectionDate: z.string(),
    inspectionFactRate: z.number().nullable(),
    inspectionMaxRate: z.number(),
    successPercentage: z.number().nullable(),
    inspectionFails: z.array(z.object({ id: z.number(), test: z.string(), testEn: z.string() })),
    inspectionListName: z.string(),
    inspectionListNameEn: z.string(),
    groups: z.array(checklistGroupSchema),
    items: z.array(inspectionItemSchema).describe('The same checklist as the items tree'),
  })
  .meta({ id: 'InspectionDetail' });
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;

/** GET media/checks/{name}: a demo photo of a check by its generated name. */
export const checkPhotoParamsSchema = z.object({ name: z.string().max(40) });

export const controlApi = {
  locationInspections: defineRoute({
    method: 'GET',
    path: '/check-office/get-location-inspections',
    summary: "The location's inspections: summary, completed and upcoming",
    tags: ['control'],
    access: 'session',
    query: locationInspectionsQuerySchema,
    response: locationInspectionsResponseSchema,
    errors: [404],
  }),
  inspection: defineRoute({
    method: 'GET',
    path: '/check-office/get-inspection',
    summary: 'One inspection with its checklist: groups, subgroups, checks and their photos',
    tags: ['control'],
    access: 'session',
    query: inspectionQuerySchema,
    response: inspectionDetailSchema,
    errors: [404],
  }),
  checkPhoto: defineRoute({
    method: 'GET',
    path: '/media/checks/:name',
    summary: 'A demo photo of a checklist check (generated picture, no personal data)',
    tags: ['control'],
    access: 'public',
    params: checkPhotoParamsSchema,
    response: 'file',
    errors: [404],
  }),
};
