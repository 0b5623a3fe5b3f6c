import type { Executor } from '../db/executor.ts';
import { addDays, moscowDate, moscowInstant } from '../shared/time.ts';
import { seededRandom } from './random.ts';

/**
 * Demo inspections: every ~5 weeks over the last year in locations 1, 2 and 3 with a checklist of three groups,
 * two subgroups each; three upcoming ones everywhere. Location 7 is still being built: only upcoming checks.
 * Failed checks carry photos (generated pictures served by GET media/checks/{name}), some passed ones too.
 */

const PATTERNS = [
  {
    kind: 'material' as const,
    name: 'Материальная база',
    nameEn: 'Material base',
    list: 'Чек-лист материальной базы',
    listEn: 'Material base checklist',
  },
  {
    kind: 'service' as const,
    name: 'Контроль сервиса',
    nameEn: 'Service control',
    list: 'Чек-лист стандартов сервиса',
    listEn: 'Service standards checklist',
  },
  {
    kind: 'other' as const,
    name: 'Санитарная проверка',
    nameEn: 'Sanitary check',
    list: 'Санитарный чек-лист',
    listEn: 'Sanitary checklist',
  },
];

type Pair = [string, string];
const CHECKLIST: Array<{ group: Pair; subgroups: Array<{ title: Pair; checks: Pair[] }> }> = [
  {
    group: ['Номерной фонд', 'Rooms'],
    subgroups: [
      {
        title: ['Спальня', 'Bedroom'],
        checks: [
          ['Постельное бельё чистое и без пятен', 'Bed linen is clean and spotless'],
          ['Освещение исправно', 'Lighting works'],
          ['Шторы без повреждений', 'Curtains are undamaged'],
        ],
      },
      {
        title: ['Санузел', 'Bathroom'],
        checks: [
          ['Сантехника исправна', 'Plumbing works'],
          ['Полотенца в наличии', 'Towels are in place'],
          ['Нет следов плесени', 'No traces of mould'],
        ],
      },
    ],
  },
  {
    group: ['Территория', 'Grounds'],
    subgroups: [
      {
        title: ['Дорожки', 'Paths'],
        checks: [
          ['Дорожки очищены', 'Paths are cleared'],
          ['Освещение территории работает', 'Outdoor lighting works'],
        ],
      },
      {
        title: ['Парковка', 'Parking'],
        checks: [
          ['Разметка видна', 'Markings are visible'],
          ['Шлагбаум исправен', 'The barrier works'],
        ],
      },
    ],
  },
  {
    group: ['Сервис', 'Service'],
    subgroups: [
      {
        title: ['Ресепшен', 'Reception'],
        checks: [
          ['Гостя встретили в течение 2 минут', 'The guest was met within 2 minutes'],
          ['Стандарт приветствия соблюдён', 'The greeting standard was followed'],
          ['Администратор знает услуги комплекса', "The receptionist knows the complex's services"],
        ],
      },
      {
        title: ['Ресторан', 'Restaurant'],
        checks: [
          ['Меню актуально', 'The menu is up to date'],
          ['Посуда чистая', 'Dishes are clean'],
        ],
      },
    ],
  },
];

export async function seedInspections(db: Executor, now: Date) {
  const random = seededRandom(6_2024);
  // 10:00 Moscow of a day counted from today's Moscow date.
  const dayAt10 = (offsetDays: number) => moscowInstant(addDays(moscowDate(now), offsetDays), 10);
  let photo = 0;
  for (const locationId of [1, 2, 3, 7]) {
    const dates: Array<{ at: Date; completed: boolean }> = [];
    if (locationId !== 7)
      for (let n = 10; n >= 1; n -= 1) dates.push({ at: dayAt10(-n * 36 + locationId), completed: true });
    for (const ahead of [9, 30, 55]) dates.push({ at: dayAt10(ahead + locationId), completed: false });
    for (const [index, { at, completed }] of dates.entries()) {
      const pattern = PATTERNS[(index + locationId) % PATTERNS.length] ?? PATTERNS[0];
      if (!pattern) continue;
      const { id } = await db
        .insertInto('inspections')
        .values({
          location_id: locationId,
          pattern_name: pattern.name,
          pattern_name_en: pattern.nameEn,
          kind: pattern.kind,
          inspection_date: at,
          is_completed: completed,
          list_name: pattern.list,
          list_name_en: pattern.listEn,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!completed) continue;
      const rows = [];
      let position = 0;
      for (const { group, subgroups } of CHECKLIST)
        for (const { title, checks } of subgroups)
          for (const [test, testEn] of checks) {
            const passed = random.chance(0.82);
            const photos = passed ? (random.chance(0.3) ? 1 : 0) : random.int(1, 2);
            photo += 1;
            rows.push({
              inspection_id: id,
              position: position++,
              group_title: group[0],
              group_title_en: group[1],
              subgroup_title: title[0],
              subgroup_title_en: title[1],
              test,
              test_en: testEn,
              status: passed ? 1 : 0,
              media: JSON.stringify(
                Array.from({ length: photos }, (_, k) => ({
                  url: `/api/v1/media/checks/check-${photo}-${k + 1}.svg`,
                  isVideo: false,
                })),
              ),
            });
          }
      await db.insertInto('inspection_checks').values(rows).execute();
    }
  }
}
