import type { Executor } from '../db/executor.ts';
import { sanitizeHtml } from '../integrations/html.ts';

type Entry = {
  daysAgo: number;
  roles: 'investors' | 'lenders' | 'both';
  tag: [string, string];
  title: [string, string];
  content: [string, string];
};

const TAGS = {
  construction: ['Стройка', 'Construction'],
  results: ['Итоги', 'Results'],
  event: ['События', 'Events'],
  loans: ['Займы', 'Loans'],
  service: ['Сервис', 'Service'],
} as const satisfies Record<string, [string, string]>;

/** The demo's news of the management company, newest first by `daysAgo`. */
const ENTRIES: Entry[] = [
  {
    daysAgo: 3,
    roles: 'both',
    tag: [...TAGS.results],
    title: ['Загрузка отелей в октябре — 78 %', 'Hotel occupancy in October: 78%'],
    content: [
      '<p>Средняя загрузка номерного фонда в октябре составила <b>78 %</b>, на 6 п. п. выше прошлого года. Больше всего гостей приняли банные комплексы.</p>',
      '<p>Average room occupancy in October was <b>78%</b>, 6 points above last year. The banya complexes received the most guests.</p>',
    ],
  },
  {
    daysAgo: 10,
    roles: 'investors',
    tag: [...TAGS.construction],
    title: ['Озёрная часть: кровля готова', 'Lake part: the roofs are done'],
    content: [
      '<p>На всех шести сюитах озёрной части завершён монтаж кровли. Следующий этап — остекление и инженерные сети, <i>по графику до конца декабря</i>.</p>',
      '<p>The roofs of all six lake-side suites are in place. Next come the glazing and the utilities, <i>due by the end of December</i>.</p>',
    ],
  },
  {
    daysAgo: 17,
    roles: 'lenders',
    tag: [...TAGS.loans],
    title: ['Проценты за III квартал выплачены', 'Third-quarter interest paid'],
    content: [
      '<p>Проценты по займам за июль — сентябрь перечислены всем займодателям в срок. Справки о доходах можно запросить в разделе «Документы».</p>',
      '<p>Interest on the loans for July to September has been paid to every lender on time. Income statements can be requested under Documents.</p>',
    ],
  },
  {
    daysAgo: 24,
    roles: 'both',
    tag: [...TAGS.event],
    title: ['Открыли новый ресторан у озера', 'A new lakeside restaurant opened'],
    content: [
      '<p>В комплексе «Берег» открылся ресторан на 80 мест с террасой у воды. Гости отелей получают скидку 10 %.</p>',
      '<p>The Bereg complex has opened an 80-seat restaurant with a terrace on the water. Hotel guests get 10% off.</p>',
    ],
  },
  {
    daysAgo: 38,
    roles: 'investors',
    tag: [...TAGS.service],
    title: ['Выплаты теперь до 15 числа', 'Payouts now by the 15th'],
    content: [
      '<p>С ноября доход за месяц перечисляется до <b>15 числа</b> следующего месяца — на пять дней раньше, чем прежде.</p>',
      "<p>From November a month's income is paid by the <b>15th</b> of the next month, five days earlier than before.</p>",
    ],
  },
  {
    daysAgo: 52,
    roles: 'both',
    tag: [...TAGS.results],
    title: ['Итоги лета: рекордная выручка', 'Summer results: record revenue'],
    content: [
      '<p>Выручка июня — августа выросла на <b>21 %</b> к прошлому году. Подробности по вашим юнитам — на странице «Доходность».</p>',
      '<p>Revenue for June to August grew <b>21%</b> on last year. See the Income page for your units.</p>',
    ],
  },
  {
    daysAgo: 66,
    roles: 'lenders',
    tag: [...TAGS.loans],
    title: ['Конвертация займа в долю', 'Converting a loan into a share'],
    content: [
      '<p>Займодатели могут конвертировать заём в долю в проекте на льготных условиях до конца года. Оставьте заявку на главной странице.</p>',
      '<p>Lenders may convert their loan into a share of the project on preferential terms until the end of the year. Leave a request on the main page.</p>',
    ],
  },
  {
    daysAgo: 80,
    roles: 'investors',
    tag: [...TAGS.construction],
    title: ['Лесная часть: сданы банные комплексы', 'Forest part: the banya complexes are finished'],
    content: [
      '<p>Оба банных комплекса лесной части приняли первых гостей. Фотоотчёт — в разделе «Фото- и видеоотчёты».</p>',
      '<p>Both banya complexes of the forest part have welcomed their first guests. See the photo report under Reports.</p>',
    ],
  },
  {
    daysAgo: 95,
    roles: 'both',
    tag: [...TAGS.event],
    title: ['День инвестора в «Соснах»', 'Investor day at Sosny'],
    content: [
      '<p>Приглашаем на день открытых дверей: экскурсия по отелю, встреча с управляющей командой и ужин. Запись — у вашего менеджера.</p>',
      '<p>Join our open day: a hotel tour, a meeting with the management team and dinner. Book through your manager.</p>',
    ],
  },
  {
    daysAgo: 120,
    roles: 'investors',
    tag: [...TAGS.service],
    title: ['Документы теперь можно подписать онлайн', 'Documents can now be signed online'],
    content: [
      '<p>Подписанные документы можно загрузить прямо в разделе «Документы» — без визита в офис.</p>',
      '<p>Signed documents can now be uploaded right under Documents, without a visit to the office.</p>',
    ],
  },
];

const DAY_MS = 86_400_000;

export async function seedNews(db: Executor, now: Date): Promise<void> {
  await db
    .insertInto('news')
    .values(
      ENTRIES.map((entry, index) => ({
        for_investors: entry.roles !== 'lenders',
        for_lenders: entry.roles !== 'investors',
        tag: entry.tag[0],
        tag_en: entry.tag[1],
        title: entry.title[0],
        title_en: entry.title[1],
        content: sanitizeHtml(entry.content[0]),
        content_en: sanitizeHtml(entry.content[1]),
        image_url: `/api/v1/media/news/news-${index + 1}.svg`,
        published_at: new Date(now.getTime() - entry.daysAgo * DAY_MS + 9 * 3_600_000),
      })),
    )
    .execute();
}
