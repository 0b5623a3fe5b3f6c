import type { Locale } from '@portal/contract/constants';
import type { Executor } from '../../db/executor.ts';
import * as q from './queries.ts';

/** The fields of a request as its mail to the manager names them, in the manager's language (as the console does). */
const LABELS: Record<string, Record<Locale, string>> = {
  message: { ru: 'Сообщение', en: 'Message' },
  question: { ru: 'Вопрос', en: 'Question' },
  phone: { ru: 'Телефон', en: 'Phone' },
  source: { ru: 'Откуда', en: 'Source' },
  category: { ru: 'Документ', en: 'Document' },
  documentId: { ru: 'Id документа', en: 'Document id' },
  number: { ru: 'Номер документа', en: 'Document number' },
  comment: { ru: 'Комментарий', en: 'Comment' },
  unit: { ru: 'Юнит', en: 'Unit' },
  price: { ru: 'Цена', en: 'Price' },
  seller: { ru: 'Продавец', en: 'Seller' },
  status: { ru: 'Действие', en: 'Action' },
};
const SALE: Record<string, Record<Locale, string>> = {
  listed: { ru: 'выставлен на продажу', en: 'put up for sale' },
  withdrawn: { ru: 'снят с продажи', en: 'taken off sale' },
};
const SOURCES: Record<string, Record<Locale, string>> = {
  promo: { ru: 'страница «Лоты от инвесторов»', en: 'the «Lots from investors» page' },
};
/** Ids whose thing another line names in words (the category's name, the unit with its location, the seller). */
const SHOWN_ELSEWHERE = new Set(['categoryId', 'lotId', 'companyLotId', 'location']);

/** 1 234 567 ₽ / 1,234,567 ₽: the portal's money in the language of the mail (en-GB would write «RUB 1,234,567»). */
const money = (amount: number, locale: Locale) =>
  `${new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ru-RU', { maximumFractionDigits: 2 })
    .format(amount)
    .replace(/[\u00a0\u202f]/g, ' ')} ₽`;

/**
 * What an owner sent with a request, line by line, for the manager's mail: fields named in the manager's language
 * and values in words (the category and the unit by name, in English where the manager reads English), never raw
 * keys or ids a manager cannot read.
 */
export async function requestMailDetails(
  db: Executor,
  payload: Record<string, unknown>,
  locale: Locale,
  publicUrl: string,
): Promise<string> {
  const en = locale === 'en';
  const categoryEn =
    en && typeof payload.categoryId === 'number'
      ? (await q.documentCategoryNameEn(db, payload.categoryId))?.name_en
      : undefined;
  const unit =
    typeof payload.unitId === 'number' && payload.unitId > 0
      ? await q.unitWithLocation(db, payload.unitId)
      : undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const lines: string[] = [];
  const line = (key: string, value: string) => lines.push(`${LABELS[key]?.[locale] ?? key}: ${value}`);
  for (const [key, value] of Object.entries(payload)) {
    if (value === null || value === undefined || value === '' || SHOWN_ELSEWHERE.has(key)) continue;
    if (key === 'comment' && value === '—') continue;
    if (key === 'unit' && typeof payload.unitId === 'number') continue;
    if (key === 'unitId' || key === 'unit') {
      const name = (en ? unit?.name_en || unit?.name : unit?.name) ?? text(payload.unit ?? value);
      const location =
        (en ? unit?.locationEn || unit?.location : unit?.location) ??
        (typeof payload.location === 'string' ? payload.location : undefined);
      line('unit', location ? `${name}, ${location}` : name);
    } else if (key === 'category') line('category', categoryEn || text(value));
    else if (key === 'price' && typeof value === 'number') line('price', money(value, locale));
    else if (key === 'ownerInvestorId' && typeof value === 'number')
      line(
        'seller',
        value === 0
          ? en
            ? "the company (the company's lot)"
            : 'компания (лот компании)'
          : `${en ? 'client No.' : 'клиент №'}${value}: ${publicUrl}/backoffice/owners/${value}`,
      );
    else if (key === 'status' && typeof value === 'string') line('status', SALE[value]?.[locale] ?? value);
    else if (key === 'source' && typeof value === 'string') line('source', SOURCES[value]?.[locale] ?? value);
    else line(key, text(value));
  }
  return lines.join('\n');
}
