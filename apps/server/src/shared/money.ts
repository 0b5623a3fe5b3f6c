/**
 * Money is integer kopecks in the database and rubles (two decimals at most) in JSON (the design's API rules): every
 * conversion between the two goes through toKopecks and toRubles.
 */
export const KOPECKS_PER_RUBLE = 100;

/** Rubles of a request or a file (two decimals at most) as whole kopecks for the database. */
export function toKopecks(rubles: number): number {
  return Math.round(rubles * KOPECKS_PER_RUBLE);
}

/** Kopecks (a stored amount, or a sum or an average of them) as rubles with two decimals at most; null stays null. */
export function toRubles(kopecks: number): number;
export function toRubles(kopecks: number | null): number | null;
export function toRubles(kopecks: number | null): number | null {
  return kopecks === null ? null : Math.round(kopecks) / KOPECKS_PER_RUBLE;
}

/**
 * '1 845 300,00 ₽' in Russian, '1,845,300.00 ₽' in English: rubles grouped by thousands as each language writes
 * numbers, the same as the web's formatMoney.
 */
const formatters = {
  ru: new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

export function formatRubles(amount: number, locale: 'ru' | 'en' = 'ru'): string {
  return `${formatters[locale].format(amount).replace(/[\u00a0\u202f]/g, ' ')} ₽`;
}
