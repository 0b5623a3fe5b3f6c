import { DEMO_PROFILE_ID, type Locale } from '@portal/contract/constants';
import type { OutcomeData } from '@portal/contract/finance';
import { operatingFigures, percentChange } from '@portal/contract/money-rules';
import { firstDayOf, nextMonth, previousMonth, toYearMonth } from '@portal/contract/periods';
import type { AppContext } from '../../context.ts';
import { formatRubles, toRubles } from '../../shared/money.ts';
import { requireInvestorLocation } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import * as q from './queries.ts';
import { sampleOutcomeData } from './sample.ts';

export type OutcomeQuery = {
  locationId: number;
  year: number;
  month: number;
  part: 'main' | 'periphery';
  /** The language of the rows' ready-made amount texts. */
  locale: Locale;
};

/** GET adesk / adesk-periphery: the month's bank rows of the location part with income, OPEX and GOP. */
export async function outcomeData(
  ctx: AppContext,
  session: Session,
  query: OutcomeQuery,
): Promise<OutcomeData> {
  // Investors only (403), in a location where they own a unit (404): modules/access.
  await requireInvestorLocation(ctx, session, query.locationId);
  if (session.userId === DEMO_PROFILE_ID) return sampleOutcomeData(query.locale);
  const { db } = ctx.database;
  const month = toYearMonth(query.year, query.month);
  const from = firstDayOf(month);
  const to = firstDayOf(nextMonth(month));
  const rows = await q.outcomeRows(db, query.locationId, query.part, from, to);
  const toRow = (r: (typeof rows)[number]) => {
    const amount = toRubles(r.amount_kopecks);
    return {
      id: r.id,
      date: r.row_date,
      category: { id: r.categoryId, text: r.categoryName, textEn: r.categoryNameEn },
      // The bank's wording in Russian, translated where the import gave an English one.
      article: query.locale === 'en' && r.article_en ? r.article_en : r.article,
      amount,
      amountText: formatRubles(amount, query.locale),
    };
  };
  const incomes = rows.filter((r) => r.direction === 'income');
  const outcomes = rows.filter((r) => r.direction === 'expense');
  const incomeKopecks = incomes.reduce((sum, r) => sum + r.amount_kopecks, 0);
  const outcomeKopecks = outcomes.reduce((sum, r) => sum + r.amount_kopecks, 0);
  const previous = await q.incomeTotal(
    db,
    query.locationId,
    query.part,
    firstDayOf(previousMonth(month)),
    from,
  );
  const figures = operatingFigures(incomeKopecks, outcomeKopecks);
  return {
    gop: toRubles(figures.gop),
    gopPercent: figures.gopPercent,
    incomeTotal: toRubles(incomeKopecks),
    incomePercent: percentChange(incomeKopecks, previous),
    outcomeTotal: toRubles(outcomeKopecks),
    outcomePercent: figures.outcomePercent,
    incomes: incomes.map(toRow),
    outcomes: outcomes.map(toRow),
    isSample: false,
  };
}
