import { addMonths, firstDayOf, yearMonthOf } from '@portal/contract/periods';
import { VIDEO_MIME_TYPE } from '@portal/contract/reports';
import type { Executor } from '../db/executor.ts';
import { sanitizeHtml } from '../integrations/html.ts';
import { addDays, moscowDate } from '../shared/time.ts';

/**
 * Demo timelines and media reports. Every owned unit has a capitalization and construction timeline (the
 * purchase stage, parents with sub-stages, every status 0–4) except the banyas of location 1, which show the
 * no-data stub; locations 1, 2, 3 and 7 have a location timeline (levels 1–3), those with outbuildings their
 * periphery stages. Reports: monthly whole-location reports in locations 1–3 (location 7 has none yet) and a few
 * per owned unit; photos are generated pictures (GET media/reports/{name}), videos the committed camera clips.
 */

type Stage = [level: number, name: string, nameEn: string, status: number, monthsFromNow: number | null];

/** Operating locations (1–3) were built in 2023; location 7 is being built. */
const UNIT_STAGES_OPERATING: Stage[] = [
  [1, 'Покупка юнита', 'Unit purchase', 4, null],
  [1, 'Строительство', 'Construction', 3, -38],
  [2, 'Фундамент', 'Foundation', 3, -44],
  [2, 'Коробка здания', 'Building shell', 3, -41],
  [2, 'Кровля', 'Roof', 3, -38],
  [1, 'Отделка и меблировка', 'Finishing and furnishing', 3, -36],
  [1, 'Запуск в эксплуатацию', 'Commissioning', 3, -35],
  [1, 'Выход на плановую доходность', 'Reaching the planned yield', 2, 2],
  [1, 'Переоценка и капитализация', 'Revaluation and capitalization', 1, 8],
  [1, 'Продажа на вторичном рынке', 'Resale', 0, null],
];
const UNIT_STAGES_BUILDING: Stage[] = [
  [1, 'Покупка юнита', 'Unit purchase', 4, null],
  [1, 'Строительство', 'Construction', 2, 5],
  [2, 'Фундамент', 'Foundation', 3, -8],
  [2, 'Коробка здания', 'Building shell', 2, 1],
  [2, 'Кровля', 'Roof', 1, 3],
  [1, 'Отделка и меблировка', 'Finishing and furnishing', 1, 6],
  [1, 'Запуск в эксплуатацию', 'Commissioning', 0, 7],
  [1, 'Выход на плановую доходность', 'Reaching the planned yield', 0, 13],
];

const LOCATION_STAGES: Stage[] = [
  [1, 'Подготовка участка', 'Site preparation', 3, -50],
  [2, 'Геология и изыскания', 'Geology and surveys', 3, -52],
  [2, 'Разрешение на строительство', 'Building permit', 3, -50],
  [1, 'Строительство', 'Construction', 3, -36],
  [2, 'Главный корпус', 'Main building', 3, -38],
  [3, 'Фундамент', 'Foundation', 3, -46],
  [3, 'Каркас и кровля', 'Frame and roof', 3, -40],
  [2, 'Номерной фонд', 'Rooms', 3, -36],
  [1, 'Благоустройство', 'Landscaping', 2, 3],
  [2, 'Дороги и освещение', 'Roads and lighting', 3, -30],
  [2, 'Озеленение', 'Planting', 2, 3],
  [1, 'Развитие инфраструктуры', 'Infrastructure development', 1, 10],
];
const LOCATION_STAGES_BUILDING: Stage[] = [
  [1, 'Подготовка участка', 'Site preparation', 3, -14],
  [2, 'Геология и изыскания', 'Geology and surveys', 3, -16],
  [2, 'Разрешение на строительство', 'Building permit', 3, -14],
  [1, 'Строительство', 'Construction', 2, 7],
  [2, 'Корпус сюитов', 'Suites building', 2, 6],
  [3, 'Фундамент', 'Foundation', 3, -8],
  [3, 'Каркас и кровля', 'Frame and roof', 2, 2],
  [2, 'Понтоны', 'Pontoons', 1, 5],
  [1, 'Благоустройство', 'Landscaping', 0, 10],
  [1, 'Открытие', 'Opening', 0, 12],
];
const PERIPHERY_STAGES: Stage[] = [
  [1, 'Банный комплекс', 'Banya complex', 2, 4],
  [2, 'Парные', 'Steam rooms', 3, -6],
  [3, 'Печи', 'Stoves', 3, -7],
  [3, 'Отделка', 'Finishing', 3, -6],
  [2, 'Купели', 'Plunge pools', 2, 2],
  [3, 'Чаши', 'Bowls', 3, -1],
  [3, 'Подогрев', 'Heating', 1, 3],
  [1, 'Прогулочная зона', 'Walking area', 1, 9],
  [2, 'Настил', 'Decking', 0, 8],
];
const STAGE_DESCRIPTIONS: Record<string, [string, string]> = {
  'Покупка юнита': ['Договор подписан, юнит оплачен', 'The contract is signed and the unit paid for'],
  Строительство: ['Работы идут по графику генподрядчика', "Works follow the general contractor's schedule"],
  'Выход на плановую доходность': ['Загрузка растёт вместе с сезоном', 'Occupancy grows with the season'],
  'Банный комплекс': ['Бани и купели у воды', 'Banyas and plunge pools by the water'],
  Благоустройство: ['Дорожки, свет и посадки', 'Paths, lighting and planting'],
};

const REPORT_TOPICS: Array<[string, string, string, string]> = [
  [
    'Ход строительства',
    'Construction progress',
    '<p>Завершён очередной этап работ. <b>Сроки соблюдаются</b>, отклонений от проекта нет.</p>',
    '<p>Another stage of works is complete. <b>The schedule holds</b>, no deviations from the design.</p>',
  ],
  [
    'Благоустройство территории',
    'Landscaping',
    '<p>Уложены дорожки, установлено <i>уличное освещение</i>.</p><ul><li>дорожки</li><li>фонари</li></ul>',
    '<p>Paths are laid and <i>outdoor lighting</i> installed.</p><ul><li>paths</li><li>lamps</li></ul>',
  ],
  [
    'Сезонное обслуживание',
    'Seasonal maintenance',
    '<p>Проведено обслуживание инженерных систем перед сезоном.</p>',
    '<p>The engineering systems were serviced before the season.</p>',
  ],
  [
    'Новые услуги комплекса',
    "The complex's new services",
    '<p>Открыта зона отдыха у воды. Подробнее — у <a href="https://example.com/">менеджера</a>.</p>',
    '<p>A lounge by the water has opened. Ask your <a href="https://example.com/">manager</a> for more.</p>',
  ],
];
const UNIT_REPORT_TOPICS: Array<[string, string, string, string]> = [
  [
    'Отделка юнита',
    'Unit finishing',
    '<p>Завершена чистовая отделка, установлена мебель.</p>',
    '<p>Finishing is complete and the furniture is in.</p>',
  ],
  [
    'Состояние юнита',
    'Unit condition',
    '<p>Плановый осмотр: <b>замечаний нет</b>.</p>',
    '<p>Scheduled check: <b>no remarks</b>.</p>',
  ],
];

const earlier = (a: string, b: string) => (a < b ? a : b);

/** A date n months from now's Moscow month, on a fixed day of the month, as yyyy-mm-dd. */
function monthsFrom(now: Date, months: number, day = 15): string {
  return addDays(firstDayOf(addMonths(yearMonthOf(now), months)), day - 1);
}

export async function seedTimelines(db: Executor, now: Date) {
  const owned = await db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .select([
      'units.id',
      'units.location_id',
      'units.part',
      'user_units.invested_kopecks',
      'user_units.invested_at',
    ])
    .where('user_units.relation', '=', 'owner')
    .orderBy('units.id')
    .execute();
  // One timeline a unit, whoever owns it; the banyas of location 1 have none (the no-data stub).
  const units = [...new Map(owned.map((u) => [u.id, u])).values()].filter(
    (u) => !(u.location_id === 1 && u.part === 'periphery'),
  );
  for (const unit of units) {
    const building = unit.location_id === 7;
    await db
      .insertInto('unit_timelines')
      .values({
        unit_id: unit.id,
        capitalization_stage_name: building ? 'Строительство' : 'Эксплуатация',
        capitalization_stage_name_en: building ? 'Construction' : 'Operation',
        capitalization_price_kopecks: Math.round(unit.invested_kopecks * (building ? 1.06 : 1.18)),
        market_price_kopecks: Math.round(unit.invested_kopecks * (building ? 1.1 : 1.27)),
        description: building
          ? 'Цена растёт по мере готовности объекта'
          : 'Цена капитализации отражает доходность работающего юнита',
        description_en: building
          ? 'The price grows as the building nears completion'
          : 'The capitalization price reflects the yield of a working unit',
      })
      .execute();
    const stages = building ? UNIT_STAGES_BUILDING : UNIT_STAGES_OPERATING;
    await db
      .insertInto('unit_timeline_stages')
      .values(
        stages.map(([level, name, nameEn, status, months], seq) => ({
          unit_id: unit.id,
          seq: seq + 1,
          level,
          name,
          name_en: nameEn,
          description: STAGE_DESCRIPTIONS[name]?.[0] ?? '',
          description_en: STAGE_DESCRIPTIONS[name]?.[1] ?? '',
          finish_date: status === 4 ? unit.invested_at : months === null ? null : monthsFrom(now, months),
          status,
        })),
      )
      .execute();
  }

  const locationRows = (locationId: number, kind: 'location' | 'periphery', stages: Stage[]) =>
    stages.map(([level, name, nameEn, status, months], seq) => ({
      location_id: locationId,
      kind,
      seq: seq + 1,
      level,
      name,
      name_en: nameEn,
      description: STAGE_DESCRIPTIONS[name]?.[0] ?? '',
      description_en: STAGE_DESCRIPTIONS[name]?.[1] ?? '',
      finish_date: months === null ? null : monthsFrom(now, months),
      status,
    }));
  for (const locationId of [1, 2, 3, 7]) {
    const rows = locationRows(
      locationId,
      'location',
      locationId === 7 ? LOCATION_STAGES_BUILDING : LOCATION_STAGES,
    );
    // Location 3 has no outbuildings (the spec's catalogue).
    if (locationId !== 3) rows.push(...locationRows(locationId, 'periphery', PERIPHERY_STAGES));
    await db.insertInto('location_timeline_stages').values(rows).execute();
  }

  let picture = 0;
  const addReport = async (
    locationId: number,
    unitId: number | null,
    date: string,
    [title, titleEn, subtitle, subtitleEn]: [string, string, string, string],
    photos: number,
    video: number | null,
  ) => {
    picture += 1;
    const { id } = await db
      .insertInto('media_reports')
      .values({
        location_id: locationId,
        unit_id: unitId,
        report_date: date,
        title,
        title_en: titleEn,
        subtitle_html: sanitizeHtml(subtitle),
        subtitle_html_en: sanitizeHtml(subtitleEn),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const uploads = Array.from({ length: photos }, (_, k) => ({
      public_url: `/api/v1/media/reports/report-${picture}-${k + 1}.svg`,
      mime_type: 'image/svg+xml',
    }));
    if (video !== null)
      uploads.push({ public_url: `/api/v1/streams/clips/camera-${video}.mp4`, mime_type: VIDEO_MIME_TYPE });
    await db
      .insertInto('media_report_uploads')
      .values(uploads.map((u, position) => ({ report_id: id, position, ...u })))
      .execute();
  };
  for (const locationId of [1, 2, 3]) {
    // Monthly reports over the last half year, inserted out of date order so the API's ordering matters. This
    // month's is dated today until its day of the month comes: a report is never dated in the future.
    for (const back of [3, 0, 5, 1, 4, 2]) {
      const topic = REPORT_TOPICS[(back + locationId) % REPORT_TOPICS.length] ?? REPORT_TOPICS[0];
      if (!topic) continue;
      await addReport(
        locationId,
        null,
        earlier(monthsFrom(now, -back, 5 + locationId), moscowDate(now)),
        topic,
        2 + ((back + locationId) % 3),
        back % 2 === 0 ? 1 + ((back + locationId) % 5) : null,
      );
    }
  }
  for (const unit of units) {
    for (const [k, topic] of UNIT_REPORT_TOPICS.entries())
      await addReport(
        unit.location_id,
        unit.id,
        monthsFrom(now, -1 - k * 2, 20),
        topic,
        3,
        k === 0 ? 3 : null,
      );
  }
}
