import type { Executor } from '../db/executor.ts';
import { toKopecks } from '../shared/money.ts';
import { seededRandom } from './random.ts';

/**
 * Demo inventory of the owners' units: furniture and equipment by space, with costs, inventory dates, found or
 * not found (some not checked yet) and zero to three photos. Units of location 7 are still being built: none.
 */
const SPACES = [
  { id: 1, name: 'Спальня', nameEn: 'Bedroom' },
  { id: 2, name: 'Санузел', nameEn: 'Bathroom' },
  { id: 3, name: 'Терраса', nameEn: 'Terrace' },
];
const ITEMS: Record<number, Array<[string, string, number]>> = {
  1: [
    ['Кровать двуспальная', 'Double bed', 64_000],
    ['Матрас ортопедический', 'Orthopaedic mattress', 38_500],
    ['Телевизор 43″', '43″ TV', 32_990],
    ['Шкаф-купе', 'Sliding wardrobe', 41_200],
    ['Прикроватная тумба', 'Bedside table', 8_700],
  ],
  2: [
    ['Душевая система', 'Shower system', 27_400],
    ['Фен настенный', 'Wall hair dryer', 4_300],
    ['Полотенцесушитель', 'Towel warmer', 12_800],
  ],
  3: [
    ['Комплект уличной мебели', 'Outdoor furniture set', 46_000],
    ['Гриль газовый', 'Gas grill', 55_900],
  ],
};

export async function seedInventory(db: Executor) {
  const random = seededRandom(6_0606);
  const units = await db
    .selectFrom('user_units')
    .innerJoin('units', 'units.id', 'user_units.unit_id')
    .select(['units.id', 'units.location_id', 'units.part'])
    .where('user_units.relation', '=', 'owner')
    .orderBy('units.id')
    .execute();
  let number = 1000;
  for (const unit of units) {
    if (unit.location_id === 7) continue;
    const spaces = unit.part === 'periphery' ? SPACES.slice(1) : SPACES;
    const rows = spaces.flatMap((space) =>
      (ITEMS[space.id] ?? []).map(([name, nameEn, cost]) => {
        number += 1;
        const checked = random.chance(0.85);
        return {
          unit_id: unit.id,
          name,
          name_en: nameEn,
          inv_number: `ИН-${unit.id}-${number}`,
          cost_kopecks: toKopecks(cost),
          inv_status: checked ? random.chance(0.9) : null,
          inv_date: checked ? `2026-0${random.int(1, 9)}-1${random.int(0, 9)}` : null,
          space_id: space.id,
          space_name: space.name,
          space_name_en: space.nameEn,
          image_count: random.int(0, 3),
        };
      }),
    );
    await db.insertInto('inventory_items').values(rows).execute();
  }
}
