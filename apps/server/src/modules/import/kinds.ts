import type { MessageKey } from '@portal/contract/messages';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Executor } from '../../db/executor.ts';

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

const KOPECKS = 100;
const integer = z.coerce.number().int().positive();
const money = z.coerce
  .number()
  .min(0)
  .max(1e12)
  .transform((value) => Math.round(value * KOPECKS));
const dateTime = z
  .string()
  .trim()
  .pipe(z.iso.datetime({ offset: true }));
const date = z.string().trim().pipe(z.iso.date());
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
    status: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['new', 'confirmed', 'checkedin', 'checkedout', 'cancelled'])),
    guests: z.coerce.number().int().min(0).max(100),
    sourceId: optionalSourceId,
    paid: money,
    sum: money,
  })
  .refine((row) => Date.parse(row.endsAt) > Date.parse(row.startsAt), {
    message: 'endsAt before startsAt',
    path: ['endsAt'],
  });
type BookingRow = z.output<typeof bookingRow>;

const distinct = (table: string, columns: string[]) =>
  sql<boolean>`${sql.raw(
    `(${columns.map((c) => `${table}.${c}`).join(', ')}) is distinct from (${columns.map((c) => `excluded.${c}`).join(', ')})`,
  )}`;

async function countChanges(rows: { inserted: boolean }[]) {
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

export const bookings: ImportKind<BookingRow> = {
  columns: ['externalId', 'unitId', 'startsAt', 'endsAt', 'status', 'guests', 'sourceId', 'paid', 'sum'],
  schema: bookingRow,
  key: (row) => row.externalId,
  async references(db) {
    const units = new Set((await db.selectFrom('units').select('id').execute()).map((row) => row.id));
    const sources = new Set(
      (await db.selectFrom('booking_sources').select('id').execute()).map((row) => row.id),
    );
    return (row) => {
      if (!units.has(row.unitId)) return { field: 'unitId', key: 'import.unknown' };
      if (row.sourceId !== undefined && !sources.has(row.sourceId))
        return { field: 'sourceId', key: 'import.unknown' };
      return null;
    };
  },
  async upsert(db, rows) {
    const columns = [
      'unit_id',
      'starts_at',
      'ends_at',
      'status',
      'guest_amount',
      'source_id',
      'paid_kopecks',
      'sum_kopecks',
    ];
    const result = await db
      .insertInto('bookings')
      .values(
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
      )
      .onConflict((conflict) =>
        conflict
          .column('external_id')
          .doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)])))
          .where(distinct('bookings', columns)),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    return countChanges(result);
  },
};

const incomeRow = z.object({
  userId: integer,
  unitId: integer,
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM'),
  amount: z.coerce
    .number()
    .min(-1e12)
    .max(1e12)
    .transform((value) => Math.round(value * KOPECKS)),
});
type IncomeRow = z.output<typeof incomeRow>;

/** Monthly incomes of an owner's unit (the owner must own the unit). */
export const incomes: ImportKind<IncomeRow & { userUnitId?: number }> = {
  columns: ['userId', 'unitId', 'month', 'amount'],
  schema: incomeRow,
  key: (row) => `${row.userId}:${row.unitId}:${row.month}`,
  async references(db) {
    const links = new Map(
      (
        await db
          .selectFrom('user_units')
          .select(['id', 'user_id', 'unit_id'])
          .where('relation', '=', 'owner')
          .execute()
      ).map((row) => [`${row.user_id}:${row.unit_id}`, row.id]),
    );
    return (row) => {
      const link = links.get(`${row.userId}:${row.unitId}`);
      if (link === undefined) return { field: 'unitId', key: 'import.notOwned' };
      row.userUnitId = link;
      return null;
    };
  },
  async upsert(db, rows) {
    const result = await db
      .insertInto('incomes')
      .values(
        rows.map((row) => ({
          user_unit_id: row.userUnitId ?? 0,
          year_month: Number(row.month.replace('-', '')),
          amount_kopecks: row.amount,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['user_unit_id', 'year_month'])
          .doUpdateSet({ amount_kopecks: sql.ref('excluded.amount_kopecks') })
          .where(distinct('incomes', ['amount_kopecks'])),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    return countChanges(result);
  },
};

const outcomeRow = z.object({
  externalId: z.coerce.string().trim().min(1).max(100),
  locationId: integer,
  part: z.enum(['main', 'periphery']),
  date,
  categoryId: integer,
  article: z.string().trim().min(1).max(500),
  amount: money.refine((value) => value > 0, 'must be above 0'),
});
type OutcomeRow = z.output<typeof outcomeRow>;

/** Income and expense rows of a location's bank account (the income-outcome pages). */
export const outcomes: ImportKind<OutcomeRow> = {
  columns: ['externalId', 'locationId', 'part', 'date', 'categoryId', 'article', 'amount'],
  schema: outcomeRow,
  key: (row) => row.externalId,
  async references(db) {
    const locations = new Set(
      (await db.selectFrom('locations').select('id').where('is_placeholder', '=', false).execute()).map(
        (r) => r.id,
      ),
    );
    const categories = new Set(
      (await db.selectFrom('outcome_categories').select('id').execute()).map((r) => r.id),
    );
    return (row) => {
      if (!locations.has(row.locationId)) return { field: 'locationId', key: 'import.unknown' };
      if (!categories.has(row.categoryId)) return { field: 'categoryId', key: 'import.unknown' };
      return null;
    };
  },
  async upsert(db, rows) {
    const columns = ['location_id', 'part', 'row_date', 'category_id', 'article', 'amount_kopecks'];
    const result = await db
      .insertInto('outcome_rows')
      .values(
        rows.map((row) => ({
          external_id: row.externalId,
          location_id: row.locationId,
          part: row.part,
          row_date: row.date,
          category_id: row.categoryId,
          article: row.article,
          amount_kopecks: row.amount,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .column('external_id')
          .doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)])))
          .where(distinct('outcome_rows', columns)),
      )
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    return countChanges(result);
  },
};

export const IMPORT_KINDS = { bookings, incomes, outcomes } as const;
export type ImportKindName = keyof typeof IMPORT_KINDS;
