import type { MessageKey } from '@portal/contract/messages';
import { z } from 'zod';
import type { Executor } from '../../db/executor.ts';
import { applyImportedPhotos, importPhotoColumn, importPhotoReferences } from '../inventory/backoffice.ts';
import { locations, units } from './catalogue-kinds.ts';
import {
  bookingStatus,
  choice,
  day,
  instant,
  month,
  optionalYesNo,
  PART_WORDS,
  readDecimal,
  roubles,
  yesNo,
} from './cells.ts';
import { LENDER_KINDS, tellIncomeLoaded } from './lender-kinds.ts';
import { locationDocuments } from './location-document-kind.ts';
import * as q from './queries.ts';

/**
 * What each import kind reads and how it lands. Every kind has a natural key, so re-importing a file updates
 * in place and changes nothing when the values are the same.
 */
export type RowProblem = { field: string; key: MessageKey };

export type ImportKind<Row> = {
  /** Column names of a CSV header / keys of a JSON object. */
  columns: readonly string[];
  schema: z.ZodType<Row>;
  /** The row's natural key: a second row with the same key in one file is rejected. */
  key: (row: Row) => string;
  /** Loads what rows refer to (units, sources, owners), once per import; answers the field that refers to nothing. */
  references: (db: Executor) => Promise<(row: Row) => RowProblem | null>;
  /** Inserts or updates a batch; answers how many rows were inserted and how many changed. */
  upsert: (db: Executor, rows: Row[]) => Promise<{ inserted: number; updated: number }>;
};

const integer = z.coerce.number().int().positive();
/** A count or an order, `1 000` as well as `1000`. */
const count = (min: number, max: number) => z.preprocess(readDecimal, z.number().int().min(min).max(max));
const money = roubles(0, 1e12);
const dateTime = instant;
const date = day;
const part = choice(['main', 'periphery'], PART_WORDS);
/** Booking source ids start at 0 (the reception desk); an empty cell means no source. */
const optionalSourceId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().int().min(0).optional(),
);

const bookingRow = z
  .object({
    externalId: z.coerce.string().trim().min(1).max(100),
    unitId: integer,
    startsAt: dateTime,
    endsAt: dateTime,
    // The booking system's casing ('CheckedIn') and Russian words («Подтверждено») are taken.
    status: bookingStatus,
    guests: count(0, 100),
    sourceId: optionalSourceId,
    paid: money,
    sum: money,
  })
  .refine((row) => Date.parse(row.endsAt) > Date.parse(row.startsAt), {
    message: 'import.endsBeforeStarts',
    path: ['endsAt'],
  });
type BookingRow = z.output<typeof bookingRow>;

async function countChanges(rows: { inserted: boolean }[]) {
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

export const bookings: ImportKind<BookingRow> = {
  columns: ['externalId', 'unitId', 'startsAt', 'endsAt', 'status', 'guests', 'sourceId', 'paid', 'sum'],
  schema: bookingRow,
  key: (row) => row.externalId,
  async references(db) {
    const units = new Set((await q.unitIds(db)).map((row) => row.id));
    const sources = new Set((await q.bookingSourceIds(db)).map((row) => row.id));
    return (row) => {
      if (!units.has(row.unitId)) return { field: 'unitId', key: 'import.unknown' };
      if (row.sourceId !== undefined && !sources.has(row.sourceId))
        return { field: 'sourceId', key: 'import.unknown' };
      return null;
    };
  },
  async upsert(db, rows) {
    const result = await q.upsertBookings(
      db,
      rows.map((row) => ({
        external_id: row.externalId,
        unit_id: row.unitId,
        starts_at: row.startsAt,
        ends_at: row.endsAt,
        status: row.status,
        guest_amount: row.guests,
        source_id: row.sourceId ?? null,
        paid_kopecks: row.paid,
        sum_kopecks: row.sum,
      })),
    );
    return countChanges(result);
  },
};

const incomeRow = z.object({
  userId: integer,
  unitId: integer,
  month,
  amount: roubles(-1e12, 1e12),
});
type IncomeRow = z.output<typeof incomeRow>;

/** Monthly incomes of an owner's unit (the owner must own the unit). */
export const incomes: ImportKind<IncomeRow & { userUnitId?: number }> = {
  columns: ['userId', 'unitId', 'month', 'amount'],
  schema: incomeRow,
  key: (row) => `${row.userId}:${row.unitId}:${row.month}`,
  async references(db) {
    const links = new Map(
      (await q.ownerUnitLinks(db)).map((row) => [`${row.user_id}:${row.unit_id}`, row.id]),
    );
    return (row) => {
      const link = links.get(`${row.userId}:${row.unitId}`);
      if (link === undefined) return { field: 'unitId', key: 'import.notOwned' };
      row.userUnitId = link;
      return null;
    };
  },
  async upsert(db, rows) {
    const result = await q.upsertIncomes(
      db,
      rows.map((row) => ({
        user_unit_id: row.userUnitId ?? 0,
        year_month: row.month,
        amount_kopecks: row.amount,
      })),
    );
    await tellIncomeLoaded(
      db,
      rows.map((row) => ({ userId: row.userId, month: row.month })),
    );
    return countChanges(result);
  },
};

const outcomeRow = z.object({
  externalId: z.coerce.string().trim().min(1).max(100),
  locationId: integer,
  part,
  date,
  categoryId: integer,
  article: z.string().trim().min(1).max(500),
  articleEn: z.coerce.string().trim().max(500).optional().default(''),
  amount: money.refine((value) => value > 0, 'must be above 0'),
});
type OutcomeRow = z.output<typeof outcomeRow>;

/** Income and expense rows of a location's bank account (the income-outcome pages). */
export const outcomes: ImportKind<OutcomeRow> = {
  columns: ['externalId', 'locationId', 'part', 'date', 'categoryId', 'article', 'articleEn', 'amount'],
  schema: outcomeRow,
  key: (row) => row.externalId,
  async references(db) {
    const locations = new Set((await q.realLocationIds(db)).map((r) => r.id));
    const categories = new Set((await q.outcomeCategoryIds(db)).map((r) => r.id));
    return (row) => {
      if (!locations.has(row.locationId)) return { field: 'locationId', key: 'import.unknown' };
      if (!categories.has(row.categoryId)) return { field: 'categoryId', key: 'import.unknown' };
      return null;
    };
  },
  async upsert(db, rows) {
    const result = await q.upsertOutcomeRows(
      db,
      rows.map((row) => ({
        external_id: row.externalId,
        location_id: row.locationId,
        part: row.part,
        row_date: row.date,
        category_id: row.categoryId,
        article: row.article,
        article_en: row.articleEn,
        amount_kopecks: row.amount,
      })),
    );
    return countChanges(result);
  },
};

/** An empty cell, or text and a translation: the translation falls back to the text. */
const text = (max: number) => z.coerce.string().trim().min(1).max(max);
const optionalText = (max: number) => z.coerce.string().trim().max(max).optional().default('');

const inventoryRow = z.object({
  unitId: integer,
  invNumber: text(100),
  name: text(300),
  nameEn: optionalText(300),
  cost: money,
  // Found, not found, or not checked yet (empty).
  status: optionalYesNo,
  date: z.preprocess((value) => (value === '' || value === null ? undefined : value), date.optional()),
  spaceId: count(0, 2_147_483_647),
  spaceName: text(200),
  spaceNameEn: optionalText(200),
  // https links and/or addresses of photos uploaded for the item in the console, separated by |.
  photos: importPhotoColumn.optional(),
});
type InventoryRow = z.output<typeof inventoryRow>;

/** Inventory items of a unit by space, as the accounting system's inventory reports them. */
export const inventory: ImportKind<InventoryRow> = {
  columns: [
    'unitId',
    'invNumber',
    'name',
    'nameEn',
    'cost',
    'status',
    'date',
    'spaceId',
    'spaceName',
    'spaceNameEn',
    'photos',
  ],
  schema: inventoryRow,
  key: (row) => `${row.unitId}:${row.invNumber}`,
  async references(db) {
    const units = new Set((await q.unitIds(db)).map((row) => row.id));
    const photos = await importPhotoReferences(db);
    return (row) => (units.has(row.unitId) ? photos(row) : { field: 'unitId', key: 'import.unknown' });
  },
  async upsert(db, rows) {
    const result = await q.upsertInventoryItems(
      db,
      rows.map((row) => ({
        unit_id: row.unitId,
        inv_number: row.invNumber,
        name: row.name,
        name_en: row.nameEn || row.name,
        cost_kopecks: row.cost,
        inv_status: row.status ?? null,
        inv_date: row.date ?? null,
        space_id: row.spaceId,
        space_name: row.spaceName,
        space_name_en: row.spaceNameEn || row.spaceName,
      })),
    );
    const photosChanged = await applyImportedPhotos(
      db,
      rows,
      new Set(result.map((r) => `${r.unit_id}:${r.inv_number}`)),
    );
    const counted = await countChanges(result);
    return { inserted: counted.inserted, updated: counted.updated + photosChanged };
  },
};

const photoList = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(/[|\s]+/).filter(Boolean) : (value ?? [])),
    z.array(z.url({ protocol: /^https?$/ })).max(20),
  )
  .transform((urls) => urls.map((url) => ({ url, isVideo: /\.(mp4|webm|mov)(\?|$)/i.test(url) })));

const inspectionRow = z
  .object({
    inspectionId: text(100),
    locationId: integer,
    kind: choice(['material', 'service', 'other'], {
      material: ['материальная'],
      service: ['сервисная'],
      other: ['другая', 'прочая'],
    }),
    name: text(300),
    nameEn: optionalText(300),
    date: dateTime,
    completed: yesNo,
    listName: optionalText(300),
    listNameEn: optionalText(300),
    // A row without a check describes an upcoming inspection whose checklist is not filled in yet.
    position: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.coerce.number().int().min(0).max(10_000).optional(),
    ),
    group: optionalText(300),
    groupEn: optionalText(300),
    subgroup: optionalText(300),
    subgroupEn: optionalText(300),
    check: optionalText(1000),
    checkEn: optionalText(1000),
    result: optionalYesNo,
    photos: photoList.optional(),
  })
  .refine((row) => row.position === undefined || (row.group && row.subgroup && row.check), {
    message: 'validation.required',
    path: ['check'],
  })
  .refine((row) => row.position === undefined || row.result !== undefined, {
    message: 'validation.required',
    path: ['result'],
  });
type InspectionRow = z.output<typeof inspectionRow>;

/**
 * Inspections with their checklists, one row a check (the inspection's own columns repeat on each of its rows;
 * the first row's values win). The inspection system's id is the inspection's key, the position the check's.
 */
export const inspections: ImportKind<InspectionRow> = {
  columns: [
    'inspectionId',
    'locationId',
    'kind',
    'name',
    'nameEn',
    'date',
    'completed',
    'listName',
    'listNameEn',
    'position',
    'group',
    'groupEn',
    'subgroup',
    'subgroupEn',
    'check',
    'checkEn',
    'result',
    'photos',
  ],
  schema: inspectionRow as unknown as z.ZodType<InspectionRow>,
  key: (row) => `${row.inspectionId}:${row.position ?? 'header'}`,
  async references(db) {
    const locations = new Set((await q.realLocationIds(db)).map((r) => r.id));
    return (row) => (locations.has(row.locationId) ? null : { field: 'locationId', key: 'import.unknown' });
  },
  async upsert(db, rows) {
    const headers = new Map<string, InspectionRow>();
    for (const row of rows) if (!headers.has(row.inspectionId)) headers.set(row.inspectionId, row);
    const written = await q.upsertInspections(
      db,
      [...headers.values()].map((row) => ({
        external_id: row.inspectionId,
        location_id: row.locationId,
        pattern_name: row.name,
        pattern_name_en: row.nameEn || row.name,
        kind: row.kind,
        inspection_date: row.date,
        is_completed: row.completed,
        list_name: row.listName,
        list_name_en: row.listNameEn || row.listName,
      })),
    );
    const headerState = new Map(written.map((row) => [row.external_id, row.inserted]));
    const ids = new Map(
      (await q.inspectionIdsByExternalId(db, [...headers.keys()])).map((row) => [row.external_id, row.id]),
    );

    const checks = rows.filter((row) => row.position !== undefined);
    const checkState = new Map<string, boolean>();
    if (checks.length > 0) {
      const result = await q.upsertInspectionChecks(
        db,
        checks.map((row) => ({
          inspection_id: ids.get(row.inspectionId) ?? 0,
          position: row.position ?? 0,
          group_title: row.group,
          group_title_en: row.groupEn || row.group,
          subgroup_title: row.subgroup,
          subgroup_title_en: row.subgroupEn || row.subgroup,
          test: row.check,
          test_en: row.checkEn || row.check,
          status: row.result ? 1 : 0,
          media: JSON.stringify(row.photos ?? []),
        })),
      );
      for (const row of result) checkState.set(`${row.inspection_id}:${row.position}`, row.inserted);
    }
    // A row counts as inserted or updated when its check changed, or its inspection did (on its first row).
    let inserted = 0;
    let updated = 0;
    const counted = new Set<string>();
    for (const row of rows) {
      const checkKey = `${ids.get(row.inspectionId)}:${row.position}`;
      const header = counted.has(row.inspectionId) ? undefined : headerState.get(row.inspectionId);
      counted.add(row.inspectionId);
      const check = row.position === undefined ? undefined : checkState.get(checkKey);
      if (check === true || (check === undefined && header === true)) inserted += 1;
      else if (check === false || header === false) updated += 1;
    }
    return { inserted, updated };
  },
};

const optionalMoney = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  money.optional(),
);
const timelineRow = z
  .object({
    scope: choice(['unit', 'location', 'periphery'], {
      unit: ['юнит', 'юнита'],
      location: ['локация', 'локации'],
      periphery: ['периферия', 'периферии'],
    }),
    unitId: z.preprocess((value) => (value === '' || value === null ? undefined : value), integer.optional()),
    locationId: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      integer.optional(),
    ),
    seq: z.coerce.number().int().min(0).max(10_000),
    level: z.coerce.number().int().min(1).max(3),
    name: text(300),
    nameEn: optionalText(300),
    status: z.coerce.number().int().min(0).max(4),
    finishDate: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      date.optional(),
    ),
    description: optionalText(2000),
    descriptionEn: optionalText(2000),
    capitalizationStage: optionalText(300),
    capitalizationStageEn: optionalText(300),
    capitalizationPrice: optionalMoney,
    marketPrice: optionalMoney,
    capitalizationDescription: optionalText(2000),
    capitalizationDescriptionEn: optionalText(2000),
  })
  .refine((row) => row.scope !== 'unit' || row.unitId !== undefined, {
    message: 'validation.required',
    path: ['unitId'],
  })
  .refine((row) => row.scope === 'unit' || row.locationId !== undefined, {
    message: 'validation.required',
    path: ['locationId'],
  })
  .refine((row) => row.scope !== 'unit' || row.level <= 2, {
    message: 'validation.invalid',
    path: ['level'],
  });
type TimelineRow = z.output<typeof timelineRow>;

/**
 * Timelines, one row a stage: a unit's construction stages (scope unit, levels 1–2; the unit's capitalization
 * columns repeat on its rows and the first row that names a stage wins), a location's timeline (location,
 * levels 1–3) and its periphery stages (periphery, levels 1–3). Levels nest by order, as the API shows them.
 */
export const timelines: ImportKind<TimelineRow> = {
  columns: [
    'scope',
    'unitId',
    'locationId',
    'seq',
    'level',
    'name',
    'nameEn',
    'status',
    'finishDate',
    'description',
    'descriptionEn',
    'capitalizationStage',
    'capitalizationStageEn',
    'capitalizationPrice',
    'marketPrice',
    'capitalizationDescription',
    'capitalizationDescriptionEn',
  ],
  schema: timelineRow as unknown as z.ZodType<TimelineRow>,
  key: (row) => `${row.scope}:${row.scope === 'unit' ? row.unitId : row.locationId}:${row.seq}`,
  async references(db) {
    const units = new Set((await q.unitIds(db)).map((row) => row.id));
    const locations = new Set((await q.realLocationIds(db)).map((r) => r.id));
    return (row) => {
      if (row.scope === 'unit')
        return units.has(row.unitId ?? 0) ? null : { field: 'unitId', key: 'import.unknown' };
      return locations.has(row.locationId ?? 0) ? null : { field: 'locationId', key: 'import.unknown' };
    };
  },
  async upsert(db, rows) {
    const stage = (row: TimelineRow) => ({
      seq: row.seq,
      level: row.level,
      name: row.name,
      name_en: row.nameEn || row.name,
      description: row.description,
      description_en: row.descriptionEn || row.description,
      finish_date: row.finishDate ?? null,
      status: row.status,
    });
    const state = new Map<string, boolean>();
    const unitRows = rows.filter((row) => row.scope === 'unit');
    if (unitRows.length > 0) {
      const written = await q.upsertUnitTimelineStages(
        db,
        unitRows.map((row) => ({ unit_id: row.unitId ?? 0, ...stage(row) })),
      );
      for (const row of written) state.set(`unit:${row.unit_id}:${row.seq}`, row.inserted);
    }
    const locationRows = rows.filter((row) => row.scope !== 'unit');
    if (locationRows.length > 0) {
      const written = await q.upsertLocationTimelineStages(
        db,
        locationRows.map((row) => ({
          location_id: row.locationId ?? 0,
          kind: row.scope === 'periphery' ? ('periphery' as const) : ('location' as const),
          ...stage(row),
        })),
      );
      for (const row of written) state.set(`${row.kind}:${row.location_id}:${row.seq}`, row.inserted);
    }
    // The unit's capitalization: the first of its rows that names a stage.
    const heads = new Map<number, TimelineRow>();
    for (const row of unitRows)
      if (row.capitalizationStage && !heads.has(row.unitId ?? 0)) heads.set(row.unitId ?? 0, row);
    const headState = new Map<number, boolean>();
    if (heads.size > 0) {
      const written = await q.upsertUnitTimelines(
        db,
        [...heads].map(([unitId, row]) => ({
          unit_id: unitId,
          capitalization_stage_name: row.capitalizationStage,
          capitalization_stage_name_en: row.capitalizationStageEn || row.capitalizationStage,
          capitalization_price_kopecks: row.capitalizationPrice ?? null,
          market_price_kopecks: row.marketPrice ?? null,
          description: row.capitalizationDescription,
          description_en: row.capitalizationDescriptionEn || row.capitalizationDescription,
        })),
      );
      for (const row of written) headState.set(row.unit_id, row.inserted);
    }
    // A row counts as changed when its stage did, or (its unit's head row) when the capitalization did.
    let inserted = 0;
    let updated = 0;
    for (const row of rows) {
      const owner = row.scope === 'unit' ? row.unitId : row.locationId;
      const changed = state.get(`${row.scope}:${owner}:${row.seq}`);
      const head = heads.get(row.unitId ?? 0) === row ? headState.get(row.unitId ?? 0) : undefined;
      if (changed === true) inserted += 1;
      else if (changed === false || head !== undefined) updated += 1;
    }
    return { inserted, updated };
  },
};

export const IMPORT_KINDS = {
  bookings,
  incomes,
  outcomes,
  inventory,
  inspections,
  timelines,
  locations,
  units,
  ...LENDER_KINDS,
  locationDocuments,
} as const;
