import { z } from 'zod';
import type { Executor } from '../../db/executor.ts';
import {
  exportCapitalization,
  exportLoanPayments,
  loanLenders,
  upsertCapitalization,
  upsertLoanPayments,
} from '../loans/service.ts';
import { notify } from '../notifications/service.ts';
import { day, idCell, instant, month, roubles } from './cells.ts';
import { col } from './column-def.ts';
import type { ExampleIds, ExampleRow, ImportColumn } from './columns.ts';
import type { ImportKind } from './kinds.ts';
import * as q from './queries.ts';

/**
 * Import kinds of what lenders and investors are paid and what their units are worth: the monthly payments of
 * lenders' loans (the lender's income page and statistics read them) and the units' capitalization stages (the
 * investor's capitalization chart). Both land by natural key (loan and month; unit and date), so the same file
 * imported again changes nothing. Units' repairs (the booking grids' «ремонт» days) come the same way, by unit and
 * start. Their columns, examples and exports are here too, listed where every kind is.
 */

const countChanges = (rows: { inserted: boolean }[]) => {
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
};

const loanPaymentRow = z.object({
  userId: idCell,
  loanId: idCell,
  month,
  amount: roubles(0, 1e12),
});
type LoanPaymentRow = z.output<typeof loanPaymentRow>;

/**
 * The owners' event of a month's income (investors) or payments (lenders) that landed, in the import's transaction:
 * once per owner and month, so a corrected file imported again tells no one twice.
 */
export async function tellIncomeLoaded(db: Executor, rows: Array<{ userId: number; month: number }>) {
  const byMonth = new Map<number, Set<number>>();
  for (const row of rows) byMonth.set(row.month, (byMonth.get(row.month) ?? new Set()).add(row.userId));
  for (const [yearMonth, users] of byMonth) {
    await notify(db, [...users], {
      kind: 'income',
      eventKey: `income:${yearMonth}`,
      params: { yearMonth },
      link: '/dashboard/income/',
    });
  }
}

/** A month's payment of a lender's loan; the row names the lender, so a manager loads only their clients' rows. */
export const loanPayments: ImportKind<LoanPaymentRow> = {
  columns: ['userId', 'loanId', 'month', 'amount'],
  schema: loanPaymentRow,
  key: (row) => `${row.loanId}:${row.month}`,
  async references(db) {
    const lenders = await loanLenders(db);
    return (row) => {
      const lender = lenders.get(row.loanId);
      if (lender === undefined) return { field: 'loanId', key: 'import.unknown' };
      if (lender !== row.userId) return { field: 'loanId', key: 'import.notLent' };
      return null;
    };
  },
  async upsert(db, rows) {
    const result = await upsertLoanPayments(
      db,
      rows.map((row) => ({ loan_id: row.loanId, year_month: row.month, amount_kopecks: row.amount })),
    );
    await tellIncomeLoaded(
      db,
      rows.map((row) => ({ userId: row.userId, month: row.month })),
    );
    return countChanges(result);
  },
};

const capitalizationRow = z.object({
  unitId: idCell,
  date: day,
  name: z.coerce.string().trim().min(1).max(300),
  nameEn: z.coerce.string().trim().max(300).optional().default(''),
  price: roubles(0.01, 1e12),
});
type CapitalizationRow = z.output<typeof capitalizationRow>;

/** A unit's capitalization stage: its price on a date (the investor's capitalization chart). */
export const capitalization: ImportKind<CapitalizationRow> = {
  columns: ['unitId', 'date', 'name', 'nameEn', 'price'],
  schema: capitalizationRow,
  key: (row) => `${row.unitId}:${row.date}`,
  async references(db) {
    const units = new Set((await q.unitIds(db)).map((row) => Number(row.id)));
    return (row) => (units.has(row.unitId) ? null : { field: 'unitId', key: 'import.unknown' });
  },
  async upsert(db, rows) {
    const result = await upsertCapitalization(
      db,
      rows.map((row) => ({
        unit_id: row.unitId,
        stage_date: row.date,
        name: row.name,
        name_en: row.nameEn || row.name,
        price_kopecks: row.price,
      })),
    );
    return countChanges(result);
  },
};

const repairRow = z
  .object({
    unitId: idCell,
    startsAt: instant,
    endsAt: instant,
    description: z.coerce.string().trim().max(2000).optional().default(''),
  })
  .refine((row) => Date.parse(row.endsAt) > Date.parse(row.startsAt), {
    message: 'import.endsBeforeStarts',
    path: ['endsAt'],
  });
type RepairRow = z.output<typeof repairRow>;

/** A unit's repair: the booking grids mark its days «ремонт». Known by unit and start. */
export const repairs: ImportKind<RepairRow> = {
  columns: ['unitId', 'startsAt', 'endsAt', 'description'],
  schema: repairRow as unknown as z.ZodType<RepairRow>,
  key: (row) => `${row.unitId}:${Date.parse(row.startsAt)}`,
  async references(db) {
    const units = new Set((await q.unitIds(db)).map((row) => Number(row.id)));
    return (row) => (units.has(row.unitId) ? null : { field: 'unitId', key: 'import.unknown' });
  },
  async upsert(db, rows) {
    const result = await q.upsertRepairs(
      db,
      rows.map((row) => ({
        unit_id: row.unitId,
        starts_at: row.startsAt,
        ends_at: row.endsAt,
        description: row.description,
      })),
    );
    return countChanges(result);
  },
};

/** The columns in words, with example rows (listed in columns.ts with every kind's). */
export const LENDER_KIND_COLUMNS = {
  loanPayments: {
    columns: [
      col('userId', 'id клиента (займодателя)', 'client (lender) id', 'id', true, { ids: 'owners' }),
      col('loanId', 'id займа', 'loan id', 'id', true, {
        note: {
          ru: 'заём этого клиента: id в карточке клиента, раздел «Займы»',
          en: "a loan of this client: the id on the client's card, section «Loans»",
        },
      }),
      col('month', 'месяц выплаты', 'month paid for', 'month', true, {
        note: { ru: 'ключ строки вместе с займом', en: "the row's key with the loan" },
      }),
      col('amount', 'сумма выплаты', 'payment', 'money', true),
    ],
    examples: (ids: ExampleIds): ExampleRow[] => [
      { userId: ids.lenderId, loanId: ids.loanId, month: ids.year * 100 + 1, amount: 4_500_000 },
      { userId: ids.lenderId, loanId: ids.loanId, month: ids.year * 100 + 2, amount: 4_500_000 },
    ],
  },
  capitalization: {
    columns: [
      col('unitId', 'id юнита', 'unit id', 'id', true, { ids: 'units' }),
      col('date', 'дата этапа', 'stage date', 'date', true, {
        note: { ru: 'ключ строки вместе с юнитом', en: "the row's key with the unit" },
      }),
      col('name', 'название этапа', 'stage name', 'text', true),
      col('nameEn', 'название этапа по-английски', 'stage name in English', 'text', false),
      col('price', 'стоимость юнита', 'unit price', 'money', true),
    ],
    examples: (ids: ExampleIds): ExampleRow[] => [
      {
        unitId: ids.unitId,
        date: `${ids.year}-03-31`,
        name: 'Котлован',
        nameEn: 'Foundation pit',
        price: 900_000_000,
      },
      {
        unitId: ids.unitId,
        date: `${ids.year}-09-30`,
        name: 'Возведение каркаса',
        nameEn: 'Frame',
        price: 1_050_000_000,
      },
    ],
  },
  repairs: {
    columns: [
      col('unitId', 'id юнита', 'unit id', 'id', true, { ids: 'units' }),
      col('startsAt', 'начало ремонта', 'repair starts', 'datetime', true, {
        note: { ru: 'ключ строки вместе с юнитом', en: "the row's key with the unit" },
      }),
      col('endsAt', 'конец ремонта', 'repair ends', 'datetime', true, {
        note: { ru: 'позже начала', en: 'after the start' },
      }),
      col('description', 'что ремонтируют', 'what is repaired', 'text', false),
    ],
    examples: (ids: ExampleIds): ExampleRow[] => [
      {
        unitId: ids.unitId,
        startsAt: `${ids.year}-02-02T12:00:00+03:00`,
        endsAt: `${ids.year}-02-05T12:00:00+03:00`,
        description: 'Замена сантехники',
      },
    ],
  },
} satisfies Record<string, { columns: readonly ImportColumn[]; examples: (ids: ExampleIds) => ExampleRow[] }>;

/** The stored rows in the import's columns (listed in exports.ts with every kind's). */
export const LENDER_EXPORTS = {
  async loanPayments(db: Executor): Promise<ExampleRow[]> {
    return (await exportLoanPayments(db)).map((p) => ({
      userId: Number(p.user_id),
      loanId: Number(p.loan_id),
      month: p.year_month,
      amount: Number(p.amount_kopecks),
    }));
  },
  async repairs(db: Executor): Promise<ExampleRow[]> {
    return (await q.exportRepairs(db)).map((r) => ({
      unitId: Number(r.unit_id),
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      description: r.description,
    }));
  },
  async capitalization(db: Executor): Promise<ExampleRow[]> {
    return (await exportCapitalization(db)).map((c) => ({
      unitId: Number(c.unit_id),
      date: c.stage_date,
      name: c.name,
      nameEn: c.name_en,
      price: Number(c.price_kopecks),
    }));
  },
};

/** Listed in kinds.ts with every kind. */
export const LENDER_KINDS = { loanPayments, capitalization, repairs };
