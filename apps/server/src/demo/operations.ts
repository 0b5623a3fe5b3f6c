import type { BookingStatus } from '@portal/contract/bookings';
import { addMonths, daysInMonth, firstDayOf, monthOf, yearMonthOf } from '@portal/contract/periods';
import type { Executor } from '../db/executor.ts';
import { toKopecks } from '../shared/money.ts';
import { addDays, moscowDate, moscowInstant } from '../shared/time.ts';
import { type Random, seededRandom } from './random.ts';

/**
 * Demo operations of the catalogue's units: bookings twelve months back and three ahead of the anchor month,
 * with weekday and season patterns, repairs and cancellations; then the money that follows from them: monthly
 * incomes of owners, loan payments, capitalization and the bank rows of each location.
 */

export const BOOKING_SOURCES = [
  { id: 0, name: 'Стойка регистрации', type: 'reception' },
  { id: 1, name: 'Звонок', type: 'call' },
  { id: 2, name: 'Отдел продаж', type: 'sales' },
  { id: 3, name: 'Сайт', type: 'web' },
  { id: 4, name: 'Факс', type: 'fax' },
  { id: 5, name: 'E-mail', type: 'email' },
  { id: 6, name: 'ВКонтакте', type: 'vk' },
  { id: 7, name: 'Мобильное приложение', type: 'mobile' },
  { id: 8, name: 'Facebook', type: 'fb' },
  { id: 9, name: 'TripAdvisor', type: 'ta' },
  { id: 2147483644, name: 'Экстранет', type: 'extranet' },
  { id: 2147483645, name: 'Яндекс Путешествия', type: 'ya' },
  { id: 2147483646, name: 'Мобильный экстранет', type: 'mobileExtranet' },
] as const;

/** Sources weighted as a resort hotel sees them: mostly the site, OTAs and calls. */
const SOURCE_WEIGHTS: Array<[number, number]> = [
  [3, 30],
  [2147483645, 20],
  [1, 15],
  [2147483644, 10],
  [0, 6],
  [2, 6],
  [7, 5],
  [6, 4],
  [5, 2],
  [2147483646, 1],
  [9, 1],
];

/** Nightly base price in rubles by unit type; outbuildings are priced by the hour. */
const NIGHT_PRICE: Record<string, number> = {
  Стандарт: 6_500,
  'Джуниор сюит': 9_000,
  Сюит: 14_000,
  'Сюит-зеркало': 16_000,
  'Джуниор сюит-зеркало': 11_000,
  'Гриль-патио-зеркало': 8_000,
};
const HOUR_PRICE: Record<string, number> = { Баня: 3_500, 'Банный комплекс': 4_500, 'Понтонная баня': 4_000 };

/** Demand by month of the year (1 = January): winter holidays and summer are high, November is low. */
const SEASON = [0, 1.35, 1.0, 1.05, 0.9, 1.05, 1.3, 1.45, 1.4, 1.1, 0.95, 0.75, 1.3];

/** Share of a unit's revenue paid to its owner after the management fee and operating costs. */
export const OWNER_SHARE = 0.45;

type UnitRow = { id: number; location_id: number; part: 'main' | 'periphery'; unit_type: string };

export type OperationsRange = { fromMonth: number; toMonth: number; anchorMonth: number };

export function operationsRange(now: Date): OperationsRange {
  const anchorMonth = yearMonthOf(now);
  return { anchorMonth, fromMonth: addMonths(anchorMonth, -12), toMonth: addMonths(anchorMonth, 3) };
}

/** Units under construction (location 7) have no bookings yet. */
const OPERATING_LOCATIONS = new Set([1, 2, 3]);

export async function seedOperations(db: Executor, now: Date) {
  const range = operationsRange(now);
  const random = seededRandom(range.anchorMonth);
  const today = moscowDate(now);
  await db
    .insertInto('booking_sources')
    .values([...BOOKING_SOURCES])
    // 018_catalogue.sql fills in the spec's sources with their English names.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const units = (await db
    .selectFrom('units')
    .select(['id', 'location_id', 'part', 'unit_type'])
    .orderBy('id')
    .execute()) as UnitRow[];
  const revenue = new Map<string, number>(); // `${unitId}:${yearMonth}` → kopecks

  const bookings: Array<Record<string, unknown>> = [];
  const repairs: Array<Record<string, unknown>> = [];
  for (const unit of units) {
    if (!OPERATING_LOCATIONS.has(unit.location_id)) continue;
    const generated =
      unit.part === 'main'
        ? roomBookings(unit, range, today, random)
        : hourlyBookings(unit, range, today, random);
    for (const booking of generated.bookings) {
      bookings.push(booking);
      if (booking.status !== 'cancelled') {
        const key = `${unit.id}:${yearMonthOf(booking.starts_at)}`;
        revenue.set(key, (revenue.get(key) ?? 0) + booking.sum_kopecks);
      }
    }
    repairs.push(...generated.repairs);
  }
  for (let i = 0; i < bookings.length; i += 1000)
    await db
      .insertInto('bookings')
      .values(bookings.slice(i, i + 1000) as never)
      .execute();
  if (repairs.length > 0)
    await db
      .insertInto('repairs')
      .values(repairs as never)
      .execute();

  await seedIncomes(db, range, revenue, units, random);
  await seedLoanPayments(db, range);
  await seedCapitalization(db, units, random);
  await seedOutcomeRows(db, range, today, revenue, units, random);
}

function pickSource(random: Random): number {
  const total = SOURCE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [id, weight] of SOURCE_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return id;
  }
  return 3;
}

function statusFor(start: string, end: string, today: string, random: Random): BookingStatus {
  if (random.chance(0.05)) return 'cancelled';
  if (end <= today) return 'checkedout';
  if (start <= today) return 'checkedin';
  return random.chance(0.15) ? 'confirmed' : 'new';
}

function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/** Stays of 1–5 nights; weekends and high seasons fill more, the future is less booked the further it is. */
function roomBookings(unit: UnitRow, range: OperationsRange, today: string, random: Random) {
  const bookings: Array<{
    unit_id: number;
    starts_at: Date;
    ends_at: Date;
    status: BookingStatus;
    guest_amount: number;
    source_id: number;
    paid_kopecks: number;
    sum_kopecks: number;
    external_id: string;
  }> = [];
  const repairs: Array<{ unit_id: number; starts_at: Date; ends_at: Date; description: string }> = [];
  const price = NIGHT_PRICE[unit.unit_type] ?? 8_000;
  const first = firstDayOf(range.fromMonth);
  const last = firstDayOf(addMonths(range.toMonth, 1));
  let day = first;
  while (day < last) {
    const month = Number(day.slice(5, 7));
    const monthsAhead = Math.max(0, (Date.parse(day) - Date.parse(today)) / (30 * 86_400_000));
    const demand = (SEASON[month] ?? 1) * (isWeekend(day) ? 1.35 : 1) * Math.max(0.15, 1 - monthsAhead * 0.3);
    if (random.chance(0.012)) {
      const length = random.int(1, 4);
      const repair = {
        unit_id: unit.id,
        starts_at: moscowInstant(day, 12),
        ends_at: moscowInstant(addDays(day, length), 12),
        description: random.pick([
          'Плановый ремонт сантехники',
          'Замена мебели',
          'Покраска стен',
          'Ремонт кондиционера',
        ]),
      };
      // A one-day repair that overlaps a stay stays on its day, and may draw a second repair there: a unit has one
      // repair a start (the import's key), so the first is kept, and the random draws stay as they were.
      if (repairs.at(-1)?.starts_at.getTime() !== repair.starts_at.getTime()) repairs.push(repair);
      // A repair sometimes overlaps a stay: the day then shows both.
      day = addDays(day, random.chance(0.3) ? length - 1 : length);
      continue;
    }
    if (random.chance(Math.min(0.85, 0.42 * demand))) {
      const nights = isWeekend(day) ? random.int(1, 3) : random.int(1, 5);
      const end = addDays(day, nights);
      const status = statusFor(day, end, today, random);
      const sum = toKopecks(Math.round(price * nights * (SEASON[month] ?? 1) * (0.9 + random.next() * 0.2)));
      bookings.push({
        unit_id: unit.id,
        starts_at: moscowInstant(day, 14),
        ends_at: moscowInstant(end, 12),
        status,
        guest_amount: random.int(1, 4),
        source_id: pickSource(random),
        paid_kopecks: status === 'new' ? Math.round(sum * 0.3) : status === 'cancelled' ? 0 : sum,
        sum_kopecks: sum,
        external_id: `demo-room-${unit.id}-${day}`,
      });
      // Back-to-back stays share the changeover day (borderline); a cancelled one frees its nights again.
      day = status === 'cancelled' ? addDays(day, 1) : end;
      if (random.chance(0.55)) continue;
    }
    day = addDays(day, 1);
  }
  return { bookings, repairs };
}

/** Sessions of 2–4 hours between 12:00 and 23:00 Moscow time. */
function hourlyBookings(unit: UnitRow, range: OperationsRange, today: string, random: Random) {
  const bookings: ReturnType<typeof roomBookings>['bookings'] = [];
  const price = HOUR_PRICE[unit.unit_type] ?? 3_500;
  const last = firstDayOf(addMonths(range.toMonth, 1));
  for (let day = firstDayOf(range.fromMonth); day < last; day = addDays(day, 1)) {
    const month = Number(day.slice(5, 7));
    const monthsAhead = Math.max(0, (Date.parse(day) - Date.parse(today)) / (30 * 86_400_000));
    const sessions = Math.round(
      (isWeekend(day) ? 2.5 : 1.2) *
        (SEASON[month] ?? 1) *
        Math.max(0.1, 1 - monthsAhead * 0.35) *
        random.next() *
        1.6,
    );
    let hour = random.int(12, 15);
    for (let s = 0; s < sessions && hour < 22; s += 1) {
      const hours = Math.min(random.int(2, 4), 23 - hour);
      const status = statusFor(day, day, today, random);
      const sum = toKopecks(price * hours);
      bookings.push({
        unit_id: unit.id,
        starts_at: moscowInstant(day, hour),
        ends_at: moscowInstant(day, hour + hours),
        status,
        guest_amount: random.int(2, 8),
        source_id: pickSource(random),
        paid_kopecks: status === 'new' ? 0 : status === 'cancelled' ? 0 : sum,
        sum_kopecks: sum,
        external_id: `demo-hour-${unit.id}-${day}-${hour}`,
      });
      hour += hours + random.int(0, 2);
    }
  }
  return { bookings, repairs: [] };
}

/**
 * Monthly incomes of owned units for every complete month since the investment: the owner's share of the unit's
 * booking revenue. Months before the bookings range use the same seasonal model, since their bookings are gone.
 */
async function seedIncomes(
  db: Executor,
  range: OperationsRange,
  revenue: Map<string, number>,
  units: UnitRow[],
  random: Random,
) {
  const owned = await db
    .selectFrom('user_units')
    .select(['id', 'unit_id', 'invested_at'])
    .where('relation', '=', 'owner')
    .orderBy('id')
    .execute();
  const unitById = new Map(units.map((u) => [u.id, u]));
  const rows: Array<{ user_unit_id: number; year_month: number; amount_kopecks: number }> = [];
  for (const link of owned) {
    const unit = unitById.get(link.unit_id);
    if (!unit || !OPERATING_LOCATIONS.has(unit.location_id) || !link.invested_at) continue;
    const start = addMonths(yearMonthOf(new Date(`${link.invested_at}T12:00:00Z`)), 1);
    for (let month = start; month < range.anchorMonth; month = addMonths(month, 1)) {
      const booked = revenue.get(`${unit.id}:${month}`);
      const modelled = expectedMonthlyRevenue(unit, month) * (0.85 + random.next() * 0.3);
      const amount = Math.round((month >= range.fromMonth ? (booked ?? 0) : modelled) * OWNER_SHARE);
      rows.push({ user_unit_id: link.id, year_month: month, amount_kopecks: amount });
    }
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('incomes')
      .values(rows.slice(i, i + 1000))
      .execute();
}

function expectedMonthlyRevenue(unit: UnitRow, yearMonth: number): number {
  const season = SEASON[monthOf(yearMonth)] ?? 1;
  if (unit.part === 'main')
    return toKopecks(NIGHT_PRICE[unit.unit_type] ?? 8_000) * daysInMonth(yearMonth) * 0.55 * season;
  return toKopecks(HOUR_PRICE[unit.unit_type] ?? 3_500) * 3 * 1.5 * daysInMonth(yearMonth) * season;
}

/** Lenders are paid interest monthly: amount × annual rate / 12, for each complete month of the loan. */
async function seedLoanPayments(db: Executor, range: OperationsRange) {
  const loans = await db
    .selectFrom('loans')
    .select(['id', 'amount_kopecks', 'issued_at', 'rate_percent', 'term_year_month'])
    .execute();
  const rows: Array<{ loan_id: number; year_month: number; amount_kopecks: number }> = [];
  for (const loan of loans) {
    const start = addMonths(yearMonthOf(new Date(`${loan.issued_at}T12:00:00Z`)), 1);
    for (
      let month = start;
      month < range.anchorMonth && month <= loan.term_year_month;
      month = addMonths(month, 1)
    ) {
      rows.push({
        loan_id: loan.id,
        year_month: month,
        amount_kopecks: Math.round((loan.amount_kopecks * loan.rate_percent) / 100 / 12),
      });
    }
  }
  if (rows.length > 0) await db.insertInto('loan_payments').values(rows).execute();
}

const CAPITALIZATION_STAGES = [
  { name: 'Покупка', nameEn: 'Purchase', growth: 1 },
  { name: 'Строительство', nameEn: 'Construction', growth: 1.12 },
  { name: 'Ввод в эксплуатацию', nameEn: 'Commissioning', growth: 1.25 },
  { name: 'Эксплуатация', nameEn: 'Operation', growth: 1.38 },
];

/** Market price of every unit at its stages: each stage adds value, operating units keep growing yearly. */
async function seedCapitalization(db: Executor, units: UnitRow[], random: Random) {
  const rows: Array<{
    unit_id: number;
    stage_date: string;
    price_kopecks: number;
    name: string;
    name_en: string;
  }> = [];
  for (const unit of units) {
    const base = toKopecks(
      (NIGHT_PRICE[unit.unit_type] ?? HOUR_PRICE[unit.unit_type] ?? 8_000) * 1_100 + random.int(0, 400_000),
    );
    const operating = OPERATING_LOCATIONS.has(unit.location_id);
    const stages = operating ? CAPITALIZATION_STAGES : CAPITALIZATION_STAGES.slice(0, 2);
    const startYear = operating ? 2022 : 2025;
    stages.forEach((stage, index) => {
      rows.push({
        unit_id: unit.id,
        stage_date: `${startYear + Math.floor(index / 2)}-${index % 2 === 0 ? '03' : '09'}-01`,
        price_kopecks: Math.round(base * stage.growth),
        name: stage.name,
        name_en: stage.nameEn,
      });
    });
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('capitalization')
      .values(rows.slice(i, i + 1000))
      .execute();
}

export const OUTCOME_CATEGORIES = [
  { id: 1, name: 'Проживание', name_en: 'Accommodation', direction: 'income' as const },
  { id: 2, name: 'Аренда бань', name_en: 'Banya rental', direction: 'income' as const },
  { id: 3, name: 'Дополнительные услуги', name_en: 'Extra services', direction: 'income' as const },
  { id: 10, name: 'Фонд оплаты труда', name_en: 'Payroll', direction: 'expense' as const },
  { id: 11, name: 'Коммунальные услуги', name_en: 'Utilities', direction: 'expense' as const },
  { id: 12, name: 'Маркетинг', name_en: 'Marketing', direction: 'expense' as const },
  { id: 13, name: 'Комиссии агрегаторов', name_en: 'OTA commissions', direction: 'expense' as const },
  {
    id: 14,
    name: 'Ремонт и обслуживание',
    name_en: 'Repairs and maintenance',
    direction: 'expense' as const,
  },
  { id: 15, name: 'Расходные материалы', name_en: 'Supplies', direction: 'expense' as const },
  { id: 16, name: 'Налоги', name_en: 'Taxes', direction: 'expense' as const },
];

/** The demo articles in English, for the income-outcome pages in English. */
const ARTICLES_EN: Record<string, string> = {
  'Заработная плата персонала': 'Staff salaries',
  'Премии персонала': 'Staff bonuses',
  Электроэнергия: 'Electricity',
  Водоснабжение: 'Water supply',
  'Вывоз мусора': 'Waste removal',
  'Реклама в интернете': 'Online advertising',
  Фотосъёмка: 'Photography',
  'Комиссия Яндекс Путешествий': 'Yandex Travel commission',
  'Комиссия экстранета': 'Extranet commission',
  'Ремонт сантехники': 'Plumbing repairs',
  'Обслуживание котельной': 'Boiler house maintenance',
  'Постельное бельё': 'Bed linen',
  'Косметика для номеров': 'Room toiletries',
  Дрова: 'Firewood',
  'Оплата проживания гостей': 'Guest accommodation payment',
  'Оплата аренды бань': 'Bath house rental payment',
  'Оплата дополнительных услуг': 'Extra services payment',
  УСН: 'Simplified tax',
  'Налог на имущество': 'Property tax',
};

/** Expense categories as shares of the month's revenue, with the articles the bank statement shows. */
const EXPENSES: Array<{ category: number; share: number; articles: string[] }> = [
  { category: 10, share: 0.2, articles: ['Заработная плата персонала', 'Премии персонала'] },
  { category: 11, share: 0.07, articles: ['Электроэнергия', 'Водоснабжение', 'Вывоз мусора'] },
  { category: 12, share: 0.04, articles: ['Реклама в интернете', 'Фотосъёмка'] },
  { category: 13, share: 0.06, articles: ['Комиссия Яндекс Путешествий', 'Комиссия экстранета'] },
  { category: 14, share: 0.03, articles: ['Ремонт сантехники', 'Обслуживание котельной'] },
  { category: 15, share: 0.04, articles: ['Постельное бельё', 'Косметика для номеров', 'Дрова'] },
  { category: 16, share: 0.06, articles: ['УСН', 'Налог на имущество'] },
];

/** Bank rows of each operating location and part for every month up to the anchor month. */
async function seedOutcomeRows(
  db: Executor,
  range: OperationsRange,
  today: string,
  revenue: Map<string, number>,
  units: UnitRow[],
  random: Random,
) {
  await db.insertInto('outcome_categories').values(OUTCOME_CATEGORIES).execute();
  const rows: Array<{
    location_id: number;
    part: 'main' | 'periphery';
    row_date: string;
    category_id: number;
    article: string;
    article_en: string;
    amount_kopecks: number;
    external_id: string;
  }> = [];
  for (const locationId of OPERATING_LOCATIONS) {
    for (const part of ['main', 'periphery'] as const) {
      const partUnits = units.filter((u) => u.location_id === locationId && u.part === part);
      if (partUnits.length === 0) continue;
      for (let month = range.fromMonth; month <= range.anchorMonth; month = addMonths(month, 1)) {
        const total = partUnits.reduce((sum, u) => sum + (revenue.get(`${u.id}:${month}`) ?? 0), 0);
        if (total === 0) continue;
        const days =
          month === range.anchorMonth ? Math.max(1, Number(today.slice(8, 10))) : daysInMonth(month);
        const day = () => `${firstDayOf(month).slice(0, 8)}${String(random.int(1, days)).padStart(2, '0')}`;
        const push = (category: number, article: string, amount: number, n: number) =>
          rows.push({
            location_id: locationId,
            part,
            row_date: day(),
            category_id: category,
            article,
            article_en: ARTICLES_EN[article] ?? '',
            amount_kopecks: Math.max(100, Math.round(amount)),
            external_id: `demo-${locationId}-${part}-${month}-${category}-${n}`,
          });
        push(
          part === 'main' ? 1 : 2,
          part === 'main' ? 'Оплата проживания гостей' : 'Оплата аренды бань',
          total * 0.88,
          0,
        );
        push(3, 'Оплата дополнительных услуг', total * 0.12, 1);
        EXPENSES.forEach((expense, index) => {
          const article = expense.articles[index % expense.articles.length] ?? expense.articles[0] ?? '';
          push(expense.category, article, total * expense.share * (0.8 + random.next() * 0.4), 2 + index);
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('outcome_rows')
      .values(rows.slice(i, i + 1000))
      .execute();
}
