import { z } from 'zod';

/** Inspections (spec document 2: control and inspection pages §2, entities §3, states §4, calls §7). */

/** The three kinds the inspection colours stand for (spec §2): material base, service control, other. */
export const INSPECTION_KINDS = ['material', 'service', 'other'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];
export const INSPECTION_COLORS: Record<InspectionKind, string> = {
  material: '#2f9e44',
  service: '#1c7ed6',
  other: '#f08c00',
};

/** Check status: 1 passed, 0 failed (spec §4). */
export const CHECK_PASSED = 1;

/** Percent of a part, rounded up (spec §9), in integer arithmetic so 7 of 100 is 7, not 8. */
export function percentUp(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.ceil((part * 100) / whole);
}

const positiveId = z.coerce
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalid' });

export const locationInspectionsQuerySchema = z.object({ locationId: positiveId });
export const inspectionQuerySchema = z.object({ inspectionId: positiveId });

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
  inspectionType: z.object({ kind: z.enum(INSPECTION_KINDS), color: z.string() }),
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
  })
  .meta({ id: 'InspectionDetail' });
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;
