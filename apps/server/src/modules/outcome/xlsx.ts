import type { Locale } from '@portal/contract/constants';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { buildSheet, RUBLE_FORMAT } from '../../shared/xlsx.ts';
import { requireRole } from '../access/service.ts';
import type { Session } from '../auth/sessions.ts';
import { userLocations } from '../profile/service.ts';
import { outcomeData } from './service.ts';

/**
 * The location of a call that names none (the spec's outcome/xls sends only date): the first of the user's investor
 * locations with that part, in the order of users/locations, where the web client starts; none is 404.
 */
export async function defaultOutcomeLocation(
  ctx: AppContext,
  session: Session,
  part: 'main' | 'periphery',
): Promise<number> {
  requireRole(session, 'INVESTOR');
  const first = (await userLocations(ctx, session)).find(
    (l) =>
      l.roleCode === 'INVESTOR' && !l.isPlaceholder && (part === 'main' ? l.existsMain : l.existsPeriphery),
  );
  if (!first) throw notFound();
  return first.id;
}

/** GET outcome/xls: the month's income and expense rows of a location part, expenses as negative amounts. */
export async function outcomeXlsx(
  ctx: AppContext,
  session: Session,
  query: { date: string; locationId?: number | undefined; part: 'main' | 'periphery' },
  locale: Locale,
) {
  const [year, month] = query.date.split('-').map(Number) as [number, number];
  const locationId = query.locationId ?? (await defaultOutcomeLocation(ctx, session, query.part));
  const data = await outcomeData(ctx, session, {
    locationId,
    year,
    month,
    part: query.part,
    locale,
  });
  const en = locale === 'en';
  const rows = [
    ...data.incomes.map((r) => ({
      date: r.date,
      kind: en ? 'Income' : 'Доход',
      category: en ? r.category.textEn : r.category.text,
      article: r.article,
      amount: r.amount,
    })),
    ...data.outcomes.map((r) => ({
      date: r.date,
      kind: en ? 'Expense' : 'Расход',
      category: en ? r.category.textEn : r.category.text,
      article: r.article,
      amount: -r.amount,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  return {
    fileName: `${en ? 'income-expenses' : 'доходы-расходы'}-${locationId}-${query.date}.xlsx`,
    asciiName: `income-expenses-${locationId}-${query.date}.xlsx`,
    data: await buildSheet(
      en ? 'Income and expenses' : 'Доходы и расходы',
      [
        { header: en ? 'Date' : 'Дата', key: 'date', width: 12 },
        { header: en ? 'Type' : 'Тип', key: 'kind', width: 10 },
        { header: en ? 'Category' : 'Категория', key: 'category', width: 28 },
        { header: en ? 'Article' : 'Статья', key: 'article', width: 36 },
        { header: en ? 'Amount' : 'Сумма', key: 'amount', width: 18, format: RUBLE_FORMAT },
      ],
      rows,
    ),
  };
}
