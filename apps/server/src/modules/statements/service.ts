import type { Locale } from '@portal/contract/constants';
import { lastCompleteMonth, toYearMonth, yearOf } from '@portal/contract/periods';
import type { AppContext } from '../../context.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { badRequest } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { portalNow } from '../../shared/clock.ts';
import { moscowDate } from '../../shared/time.ts';
import { requireOwnerInScope, staffScope } from '../access/service.ts';
import { recordAudit } from '../audit/service.ts';
import type { Session } from '../auth/sessions.ts';
import { companyName, statementDay } from '../company/service.ts';
import { dashboardActualData } from '../dashboard/service.ts';
import { fileOwnerPdf } from '../documents/service.ts';
import {
  investorActives,
  investorIncome,
  investorStatistics,
  lenderActives,
  lenderIncome,
  lenderStatistics,
} from '../income/service.ts';
import { notify } from '../notifications/service.ts';
import { periodName } from '../notifications/texts.ts';
import { userLocations } from '../profile/service.ts';
import { drawStatement, formatNumber, formatRubles, type StatementLine } from './pdf.ts';
import * as q from './queries.ts';

/**
 * Owners' statements: on the company's day of the month (company_settings.statement_day, the 5th by default) each
 * owner gets a PDF of the month before, in their language, and in January one of the year before. The figures are
 * the income and dashboard services' own answers for the owner (the same calls the income page makes), never a
 * second computation. A statement is made once per owner and period across instances: its owner_statements row
 * is the claim, taken in the transaction that files the PDF among the owner's documents and tells the owner.
 */

export type StatementKind = 'month' | 'year';

type Owner = NonNullable<Awaited<ReturnType<typeof q.ownerForStatement>>>;

/** The owner as the income services read them: their own session, for their own figures. */
const readerOf = (owner: Owner): Session => ({
  sessionId: 'statement',
  userId: owner.id,
  roles: owner.roles,
});

const WORDS = {
  ru: {
    month: (p: string) => `Выписка за ${p}`,
    year: (p: string) => `Годовая выписка за ${p}`,
    investor: 'Инвестиции',
    lender: 'Займы',
    invested: 'Вложено',
    income: (p: string) => `Доход за ${p}`,
    ytd: (y: number) => `Доход с начала ${y} года`,
    roi: 'ROI, % годовых (средний)',
    monthRoi: 'Доходность месяца, %',
    payback: 'Окупаемость, мес.',
    occupancy: (p: string) => `Загрузка за ${p}, %`,
    total: 'Итого по локации',
    loan: 'Сумма займа',
    payments: (p: string) => `Выплаты за ${p}`,
    paymentsYtd: (y: number) => `Выплаты с начала ${y} года`,
    paid: 'Выплачено за всё время',
    term: 'Срок займа до',
    left: 'Осталось месяцев до конца срока',
    nothing: 'За этот период у вас нет юнитов и займов.',
    footer: (company: string, date: string) =>
      `${company}. Выписка сформирована ${date} по данным личного кабинета инвестора; цифры совпадают со страницей доходности за тот же период.`,
    none: '—',
  },
  en: {
    month: (p: string) => `Statement for ${p}`,
    year: (p: string) => `Yearly statement for ${p}`,
    investor: 'Investments',
    lender: 'Loans',
    invested: 'Invested',
    income: (p: string) => `Income for ${p}`,
    ytd: (y: number) => `Income since the start of ${y}`,
    roi: 'ROI, % a year (average)',
    monthRoi: "The month's yield, %",
    payback: 'Payback, months',
    occupancy: (p: string) => `Occupancy in ${p}, %`,
    total: 'Location total',
    loan: 'Loan amount',
    payments: (p: string) => `Payments for ${p}`,
    paymentsYtd: (y: number) => `Payments since the start of ${y}`,
    paid: 'Paid in all',
    term: 'Loan term until',
    left: 'Months left until the end of the term',
    nothing: 'You held no units or loans in this period.',
    footer: (company: string, date: string) =>
      `${company}. Made on ${date} from the investor portal's data; the figures are those of the income page for the same period.`,
    none: '—',
  },
} as const;

/** The months of a statement: its own month, or January to December of its year. */
function monthsOf(kind: StatementKind, period: number) {
  return kind === 'month'
    ? { from: period, to: period, year: yearOf(period) }
    : { from: toYearMonth(period, 1), to: toYearMonth(period, 12), year: period };
}

/** The lines of an owner's statement, from the income and dashboard services' answers. */
async function statementLines(
  ctx: AppContext,
  owner: Owner,
  kind: StatementKind,
  period: number,
  locale: Locale,
) {
  const w = WORDS[locale];
  const session = readerOf(owner);
  const { from, to, year } = monthsOf(kind, period);
  const name = periodName(period, locale);
  const money = (value: number) => formatRubles(value, locale);
  const percent = (value: number | null | undefined) =>
    value === null || value === undefined ? w.none : formatNumber(value, 2, locale);
  const lines: StatementLine[] = [];
  const locations = (await userLocations(ctx, session)).filter((location) => !location.isPlaceholder);
  const investorLocations = locations.filter((location) => location.roleCode === 'INVESTOR');
  const lenderLocations = locations.filter((location) => location.roleCode === 'LENDER');
  const localName = (item: { name: string; nameEn: string }) => (locale === 'en' && item.nameEn) || item.name;

  if (investorLocations.length > 0) lines.push({ kind: 'heading', text: w.investor });
  for (const location of investorLocations) {
    const [income, ytd, statistics] = await Promise.all([
      investorIncome(ctx, session, { location: location.id, yearMonthFrom: from, yearMonthTo: to }),
      investorIncome(ctx, session, {
        location: location.id,
        yearMonthFrom: toYearMonth(year, 1),
        yearMonthTo: to,
      }),
      investorStatistics(ctx, session, location.id),
    ]);
    // The month's figures are the income page's month view (its «actives» call); a year's, its table's sum.
    const actives =
      kind === 'month'
        ? await investorActives(ctx, session, { location: location.id, yearMonth: period })
        : null;
    const occupancy = await dashboardActualData(ctx, session, { location: location.id, yearMonth: to }).then(
      (data) => data.actualDataInSelectedDate.bookingAmount,
      () => null,
    );
    lines.push({ kind: 'subheading', text: localName(location) });
    for (const unit of income.units) {
      const periodIncome = actives
        ? (actives.actives.find((active) => active.id === unit.unitId)?.amount ?? 0)
        : unit.incomes.reduce((sum, row) => sum + row.amount, 0);
      const sinceJanuary =
        ytd.units
          .find((row) => row.unitId === unit.unitId)
          ?.incomes.reduce((sum, row) => sum + row.amount, 0) ?? 0;
      lines.push({ kind: 'note', text: (locale === 'en' && unit.unitNameEn) || unit.unitName });
      lines.push({ kind: 'row', label: w.invested, value: money(unit.invested) });
      lines.push({ kind: 'row', label: w.income(name), value: money(periodIncome) });
      lines.push({ kind: 'row', label: w.ytd(year), value: money(sinceJanuary) });
    }
    lines.push({
      kind: 'row',
      label: `${w.total}: ${w.invested.toLowerCase()}`,
      value: money(statistics.invested),
    });
    lines.push({
      kind: 'row',
      label: `${w.total}: ${w.income(name).toLowerCase()}`,
      value: money(income.periodIncome),
    });
    lines.push({
      kind: 'row',
      label: `${w.total}: ${w.ytd(year).toLowerCase()}`,
      value: money(ytd.periodIncome),
    });
    if (kind === 'month')
      lines.push({ kind: 'row', label: w.monthRoi, value: percent(income.periodPercent) });
    lines.push({ kind: 'row', label: w.roi, value: percent(statistics.averagePercentForYear) });
    lines.push({
      kind: 'row',
      label: w.payback,
      value: statistics.payback === null ? w.none : formatNumber(statistics.payback, 0, locale),
    });
    lines.push({ kind: 'row', label: w.occupancy(periodName(to, locale)), value: percent(occupancy) });
  }

  if (lenderLocations.length > 0) lines.push({ kind: 'heading', text: w.lender });
  for (const location of lenderLocations) {
    const [payments, ytd, statistics] = await Promise.all([
      lenderIncome(ctx, session, { location: location.id, yearMonthFrom: from, yearMonthTo: to }),
      lenderIncome(ctx, session, {
        location: location.id,
        yearMonthFrom: toYearMonth(year, 1),
        yearMonthTo: to,
      }),
      lenderStatistics(ctx, session, location.id),
    ]);
    const loans = await lenderActives(ctx, session, { location: location.id, yearMonth: to });
    lines.push({ kind: 'subheading', text: localName(location) });
    for (const loan of loans.actives) {
      lines.push({ kind: 'note', text: localName(loan) });
      lines.push({ kind: 'row', label: w.loan, value: money(loan.invested) });
    }
    lines.push({ kind: 'row', label: w.payments(name), value: money(payments.periodIncome) });
    lines.push({ kind: 'row', label: w.paymentsYtd(year), value: money(ytd.periodIncome) });
    lines.push({ kind: 'row', label: w.paid, value: money(statistics.totalIncome) });
    const term = statistics.loanTermYearMonth;
    if (term !== null) {
      lines.push({ kind: 'row', label: w.term, value: periodName(term, locale) });
      const left = Math.max(0, (yearOf(term) - yearOf(to)) * 12 + ((term % 100) - (to % 100)));
      lines.push({ kind: 'row', label: w.left, value: String(left) });
    }
  }
  if (lines.length === 0) lines.push({ kind: 'note', text: w.nothing });
  return lines;
}

async function statementPdf(ctx: AppContext, owner: Owner, kind: StatementKind, period: number) {
  const locale: Locale = owner.locale === 'en' ? 'en' : 'ru';
  const w = WORDS[locale];
  const name = periodName(period, locale);
  const today = moscowDate(portalNow(ctx.config.portalToday));
  const fullName = [owner.last_name, owner.first_name, owner.middle_name].filter(Boolean).join(' ');
  const title = kind === 'month' ? w.month(name) : w.year(name);
  const lines = await statementLines(ctx, owner, kind, period, locale);
  const company = await companyName(ctx.database.db, locale);
  const data = await drawStatement({
    title,
    subtitle: `${fullName || `#${owner.id}`} · ${company}`,
    lines,
    footer: w.footer(company, today),
  });
  return { data, title, today };
}

/**
 * Makes one statement and files it: `again` (the console) replaces an earlier one's file; otherwise the claim row
 * decides, and a statement made already (by this or another instance) answers null.
 */
export async function makeStatement(
  ctx: AppContext,
  ownerId: number,
  kind: StatementKind,
  period: number,
  again = false,
): Promise<number | null> {
  const { db } = ctx.database;
  const owner = await q.ownerForStatement(db, ownerId);
  if (!owner) return null;
  if (!again && (await q.statementExists(db, ownerId, kind, period))) return null;
  // Drawn before the transaction: the figures are read committed, and no lock is held while the PDF is drawn.
  const pdf = await statementPdf(ctx, owner, kind, period);
  const ru =
    kind === 'month' ? WORDS.ru.month(periodName(period, 'ru')) : WORDS.ru.year(periodName(period, 'ru'));
  const en =
    kind === 'month' ? WORDS.en.month(periodName(period, 'en')) : WORDS.en.year(periodName(period, 'en'));
  return db.transaction().execute(async (trx) => {
    const row = again
      ? await q.lockStatement(trx, ownerId, kind, period)
      : await q.claimStatement(trx, ownerId, kind, period);
    if (!row) return null;
    const documentId = await fileOwnerPdf(ctx, trx, {
      ownerId,
      data: pdf.data,
      name: `${pdf.title}.pdf`,
      description: ru,
      descriptionEn: en,
      date: pdf.today,
      replace: row.document_id === null ? null : Number(row.document_id),
    });
    await q.setStatementDocument(trx, Number(row.id), documentId);
    await notify(trx, [ownerId], {
      kind: 'statement',
      eventKey: `${kind}:${period}`,
      params: { period, statementKind: kind, documentId },
      link: '/documents/',
    });
    return documentId;
  });
}

/**
 * The statements due now: from the company's day of the month on, every owner's statement of the month before
 * (and, in January, of the year before) that is not made yet. Owners are taken in pages; each statement is claimed
 * on its own, so instances running this at once share the work and never make one twice.
 */
export async function runStatements(
  ctx: AppContext,
  logger: Logger,
  now = portalNow(ctx.config.portalToday),
): Promise<number> {
  const { db } = ctx.database;
  const day = Number(moscowDate(now).slice(8, 10));
  if (day < (await statementDay(db))) return 0;
  const month = lastCompleteMonth(now);
  const due: Array<[StatementKind, number]> = [['month', month]];
  if (month % 100 === 12) due.push(['year', yearOf(month)]);
  let made = 0;
  for (let after = 0; ; ) {
    const owners = await q.statementOwners(db, after, 200);
    if (owners.length === 0) break;
    for (const owner of owners) {
      after = Number(owner.id);
      for (const [kind, period] of due) {
        try {
          if ((await makeStatement(ctx, Number(owner.id), kind, period)) !== null) made += 1;
        } catch (error) {
          if (isDatabaseUnavailable(error)) throw error;
          // One owner's failure (a broken row) is logged and tried again on the next run, never stops the others.
          logger.error({ err: error, ownerId: owner.id, kind, period }, 'statement failed');
        }
      }
    }
  }
  if (made > 0) ctx.outbox.nudge();
  return made;
}

/** Looks for due statements now and every interval; stop() waits for a run in progress. */
export function startStatementScheduler(ctx: AppContext, logger: Logger, intervalMs = 15 * 60_000) {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = runStatements(ctx, logger)
      .catch((error) => logger.warn({ err: error }, 'statements: run failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** POST /backoffice/owners/:id/statements: staff make an owner's statement again (or for the first time). */
export async function regenerateStatement(
  ctx: AppContext,
  session: Session,
  ownerId: number,
  body: { kind: StatementKind; period: number },
): Promise<{ documentId: number }> {
  const scope = await staffScope(ctx, session);
  await requireOwnerInScope(ctx.database.db, scope, ownerId);
  // Only a period that is over: the month before this one at the latest, the year before this one.
  const lastMonth = lastCompleteMonth(portalNow(ctx.config.portalToday));
  const lastYear = lastMonth % 100 === 12 ? yearOf(lastMonth) : yearOf(lastMonth) - 1;
  const last = body.kind === 'month' ? lastMonth : lastYear;
  if (body.period > last) throw badRequest('validation.invalid', 'period');
  const documentId = (await makeStatement(ctx, ownerId, body.kind, body.period, true)) ?? 0;
  await recordAudit(ctx.database.db, {
    actorUserId: session.userId,
    action: 'owner.statement.make',
    entity: 'user',
    entityId: ownerId,
    details: { kind: body.kind, period: body.period, documentId },
  });
  ctx.outbox.nudge();
  return { documentId };
}
