import { BOOKING_STATUSES, type BookingStatus } from '@portal/contract/bookings';
import type { Locale } from '@portal/contract/constants';
import { MOSCOW_OFFSET_MS } from '@portal/contract/periods';
import { z } from 'zod';
import { toKopecks } from '../../shared/money.ts';

/**
 * The cells of an import file as a spreadsheet writes them, read into the portal's values, and the portal's values
 * written back the same way (templates and exports). Russian Excel saves numbers with a decimal comma and spaces
 * between thousands (`42 955,33`), dates as `31.10.2026` and times as `31.10.2026 14:00`; files from other systems
 * carry a decimal point and ISO dates. Both are read; times without an offset are Moscow time, as the portal's days are.
 */

const empty = (value: unknown) => value === '' || value === null || value === undefined;

/** Spaces of every kind Excel puts between thousands (plain, no-break, narrow no-break, thin) and apostrophes. */
const GROUPING = /[\s\u00a0\u202f\u2009']/g;

/**
 * A number's text in either convention: with both a comma and a point, the last is the decimal sign; one comma or
 * one point is the decimal sign (Russian first: `1,5` is one and a half); several of one are thousands.
 */
export function readDecimal(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(GROUPING, '').replace(/^\u2212/, '-');
  if (text === '' || !/^[-+]?[\d.,]+$/.test(text)) return value.trim() === '' ? '' : Number.NaN;
  const commas = text.split(',').length - 1;
  const points = text.split('.').length - 1;
  let normal = text;
  if (commas > 0 && points > 0) {
    const decimal = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    const grouping = decimal === ',' ? '.' : ',';
    if (text.split(decimal).length - 1 > 1) return Number.NaN;
    normal = text.split(grouping).join('').replace(',', '.');
  } else if (commas > 1 || points > 1) {
    normal = text.replace(/[.,]/g, '');
  } else {
    normal = text.replace(',', '.');
  }
  return Number(normal);
}

/** A sum in roubles, kept in kopecks. */
/** An id cell: a whole number above 0 that an integer key holds (a larger one refers to nothing). */
export const idCell = z.coerce.number().int().positive().max(2_147_483_647);

export const roubles = (min: number, max: number) =>
  z.preprocess(readDecimal, z.number().min(min).max(max)).transform(toKopecks);

const pad = (n: number) => String(n).padStart(2, '0');

function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || year > 2200 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const RU_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `31.10.2026` or `2026-10-31` → `2026-10-31`; null when it is not a calendar day. */
function readDate(text: string): string | null {
  const ru = RU_DATE.exec(text);
  if (ru) return calendarDate(Number(ru[3]), Number(ru[2]), Number(ru[1]));
  const iso = ISO_DATE.exec(text);
  return iso ? calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null;
}

const asText = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** A day: `31.10.2026` or `2026-10-31`, kept as `2026-10-31`. */
export const day = z.preprocess(asText, z.string()).transform((text, context) => {
  const date = readDate(text);
  if (date === null) {
    context.addIssue({ code: 'custom', message: 'validation.invalid' });
    return z.NEVER;
  }
  return date;
});

const WALL_TIME = /^(.+?)[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An instant: ISO with its offset (`2026-10-31T14:00:00+03:00`), or a Moscow wall-clock time (`31.10.2026 14:00`,
 * `2026-10-31 14:00`), or a day alone (its Moscow midnight). Kept as an ISO string with its offset.
 */
export const instant = z.preprocess(asText, z.string()).transform((text, context) => {
  if (ISO_WITH_OFFSET.test(text) && !Number.isNaN(Date.parse(text))) return text;
  const wall = WALL_TIME.exec(text);
  const date = readDate(wall ? (wall[1] ?? '') : text);
  const [hour, minute, second] = wall ? [Number(wall[2]), Number(wall[3]), Number(wall[4] ?? 0)] : [0, 0, 0];
  if (date === null || hour > 23 || minute > 59 || second > 59) {
    context.addIssue({ code: 'custom', message: 'validation.invalid' });
    return z.NEVER;
  }
  return `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}+03:00`;
});

const MONTHS = [/^(\d{4})-(\d{1,2})$/, /^(\d{1,2})\.(\d{4})$/, /^(\d{4})(\d{2})$/, RU_DATE, ISO_DATE];

/** The first letters of the months' Russian names, as Russian Excel shows a month it took for a date (`окт.26`). */
const RU_MONTH_NAMES = ['янв', 'фев', 'мар', 'апр', 'ма', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const NAMED_MONTH = /^([а-яё]+)\.?\s*(\d{2}|\d{4})$/i;

function namedMonth(text: string): number | null {
  const match = NAMED_MONTH.exec(text);
  if (!match) return null;
  const name = (match[1] ?? '').toLowerCase();
  const index = RU_MONTH_NAMES.findIndex((prefix) => name.startsWith(prefix));
  if (index < 0) return null;
  const year = Number(match[2]);
  return (year < 100 ? 2000 + year : year) * 100 + index + 1;
}

/**
 * A month: `2026-10`, `10.2026`, `202610`, a day of it (`01.10.2026`), or as Russian Excel shows a month it took for
 * a date (`окт.26`, `октябрь 2026`); kept as yyyymm.
 */
export const month = z.preprocess(asText, z.coerce.string()).transform((text, context) => {
  const named = namedMonth(text);
  if (named !== null) return named;
  for (const [index, pattern] of MONTHS.entries()) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [year, value] =
      index === 1 ? [match[2], match[1]] : index === 3 ? [match[3], match[2]] : [match[1], match[2]];
    const y = Number(year);
    const m = Number(value);
    if (m >= 1 && m <= 12 && y >= 1900 && y <= 2200 && (index < 3 || readDate(text) !== null))
      return y * 100 + m;
  }
  context.addIssue({ code: 'custom', message: 'validation.invalid' });
  return z.NEVER;
});

/** Words for yes and no, as people and spreadsheets (Russian Excel's ИСТИНА/ЛОЖЬ) write them. */
const YES = ['true', '1', 'yes', 'да', 'истина', 'y', 'д', '+'];
const NO = ['false', '0', 'no', 'нет', 'ложь', 'n', 'н', '-'];

export function readYesNo(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (YES.includes(text)) return true;
  if (NO.includes(text)) return false;
  return value;
}
export const yesNo = z.preprocess(readYesNo, z.boolean());
/** Yes, no, or not said (an empty cell). */
export const optionalYesNo = z.preprocess(
  (value) => (empty(value) ? undefined : readYesNo(value)),
  z.boolean().optional(),
);

/** How a word is compared: lower case, ё as е, without spaces, hyphens and underscores. */
const normalWord = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s\-_]+/g, '');

/** The booking statuses in the words of the booking systems and of people, Russian and English. */
export const BOOKING_STATUS_WORDS: Record<BookingStatus, { ru: string; words: readonly string[] }> = {
  new: { ru: 'Новая', words: ['new', 'новая', 'новое', 'новый', 'новая бронь'] },
  confirmed: {
    ru: 'Подтверждена',
    words: ['confirmed', 'подтверждено', 'подтверждена', 'подтвержден', 'подтверждение'],
  },
  checkedin: {
    ru: 'Заселён',
    words: [
      'checkedin',
      'checkin',
      'заселен',
      'заселена',
      'заселено',
      'заселены',
      'заезд',
      'заселение',
      'проживает',
    ],
  },
  checkedout: {
    ru: 'Выселен',
    words: [
      'checkedout',
      'checkout',
      'выселен',
      'выселена',
      'выселено',
      'выселены',
      'выезд',
      'выселение',
      'выехал',
    ],
  },
  cancelled: {
    ru: 'Отменена',
    words: ['cancelled', 'canceled', 'отменено', 'отменена', 'отменен', 'отмена', 'аннулирована'],
  },
};

const STATUS_OF_WORD = new Map(
  BOOKING_STATUSES.flatMap((status) =>
    BOOKING_STATUS_WORDS[status].words.map((word) => [normalWord(word), status] as const),
  ),
);

export const bookingStatus = z.preprocess(
  (value) => (typeof value === 'string' ? (STATUS_OF_WORD.get(normalWord(value)) ?? value) : value),
  z.enum(BOOKING_STATUSES, { error: 'import.bookingStatus' }),
);

/** One of the codes, also written in the other language's words (`основная` for main). */
export const choice = <const T extends readonly [string, ...string[]]>(
  codes: T,
  words: Partial<Record<T[number], readonly string[]>> = {},
) => {
  const byWord = new Map<string, string>();
  for (const code of codes) {
    byWord.set(normalWord(code), code);
    for (const word of words[code as T[number]] ?? []) byWord.set(normalWord(word), code);
  }
  return z.preprocess(
    (value) => (typeof value === 'string' ? (byWord.get(normalWord(value)) ?? value) : value),
    z.enum(codes),
  );
};

export const PART_WORDS = { main: ['основная', 'основная часть'], periphery: ['периферия', 'периферийная'] };

// ---- writing cells back (templates and exports) ----

/** How a column's value is written and read (see columns.ts). */
export type CellType =
  | 'id'
  | 'integer'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'month'
  | 'boolean'
  | 'enum'
  | 'text'
  | 'list';

/** A value as the portal keeps it: kopecks for money, `yyyy-mm-dd` days, instants, yyyymm months. */
export type CellValue = string | number | boolean | Date | null | undefined;

const moscowParts = (at: Date) => {
  const shifted = new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 19) };
};

const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A value as a cell of the user's language: the Russian one as Russian Excel writes it. */
export function writeCell(value: CellValue, type: CellType, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  const ru = locale === 'ru';
  switch (type) {
    case 'money': {
      const text = (Number(value) / 100).toFixed(2);
      return ru ? text.replace('.', ',') : text;
    }
    case 'number':
      return ru ? String(value).replace('.', ',') : String(value);
    case 'date': {
      const iso = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
      return ru ? ruDate(iso) : iso;
    }
    case 'datetime': {
      const { date, time } = moscowParts(value instanceof Date ? value : new Date(String(value)));
      if (!ru) return `${date}T${time}+03:00`;
      return `${ruDate(date)} ${time.endsWith(':00') ? time.slice(0, 5) : time}`;
    }
    case 'month': {
      const n = Number(value);
      const year = Math.floor(n / 100);
      return ru ? `${pad(n % 100)}.${year}` : `${year}-${pad(n % 100)}`;
    }
    case 'boolean':
      return value ? (ru ? 'да' : 'yes') : ru ? 'нет' : 'no';
    default:
      return String(value);
  }
}

/** The CSV a spreadsheet of the user's language opens in columns: `;` for Russian, `,` for English; UTF-8 with BOM. */
export function csvText(header: readonly string[], rows: readonly string[][], locale: Locale): string {
  const separator = locale === 'ru' ? ';' : ',';
  const quote = (cell: string) => (/[";,\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const lines = [header, ...rows].map((cells) => cells.map(quote).join(separator));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
