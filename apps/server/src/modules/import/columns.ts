import type { ImportKindCode } from '@portal/contract/backoffice';
import { BOOKING_STATUSES } from '@portal/contract/bookings';
import type { Locale } from '@portal/contract/constants';
import { type MessageKey, message } from '@portal/contract/messages';
import { TIMELINE_STATUS_IDS, TIMELINE_STATUS_NAMES } from '@portal/contract/timeline';
import { BOOKING_STATUS_WORDS, type CellType, type CellValue, csvText, writeCell } from './cells.ts';
import { col } from './column-def.ts';
import { LENDER_KIND_COLUMNS } from './lender-kinds.ts';
import { LOCATION_DOCUMENT_COLUMNS } from './location-document-kind.ts';

/**
 * What each import kind's columns hold, in words for the people who fill the files in: the page of allowed values,
 * the template's example rows, and the expectation a refused cell is answered with.
 */

type Words = { ru: string; en: string };

/** The console list where the ids a column names are shown. */
const ID_SOURCES = {
  units: { ru: 'Каталог → Локации → юниты локации', en: "Catalogue → Locations → the location's units" },
  locations: { ru: 'Каталог → Локации', en: 'Catalogue → Locations' },
  owners: { ru: 'Клиенты', en: 'Clients' },
  bookingSources: { ru: 'Каталог → Источники бронирований', en: 'Catalogue → Booking sources' },
  outcomeCategories: { ru: 'Категории доходов и расходов', en: 'Income and expense categories' },
  documentCategories: { ru: 'Каталог → Категории', en: 'Catalogue → Categories' },
  locationDocuments: { ru: 'Документы локаций', en: 'Location documents' },
} satisfies Record<string, Words>;

export type ImportColumn = {
  name: string;
  label: Words;
  type: CellType;
  required: boolean;
  /** An enumeration's codes with their names; a code is also accepted in the words of `aliases`. */
  values?: ReadonlyArray<{ value: string; name: Words; aliases?: readonly string[] }>;
  ids?: keyof typeof ID_SOURCES;
  note?: Words;
};

/** Ids the example rows name: ones that exist in the portal's data where there are some. */
export type ExampleIds = {
  unitId: number;
  locationId: number;
  ownerId: number;
  ownedUnitId: number;
  sourceId: number;
  categoryId: number;
  documentCategoryId: number;
  /** A loan with its lender, for the loan payments' examples. */
  loanId: number;
  lenderId: number;
  /** A location id no location has yet (the locations template adds one). */
  newLocationId: number;
  /** The year the examples' dates are in: the portal's next year. */
  year: number;
};

export type ExampleRow = Record<string, CellValue>;

type KindColumns = { columns: readonly ImportColumn[]; examples: (ids: ExampleIds) => ExampleRow[] };

const PART_VALUES = [
  { value: 'main', name: { ru: 'Основная часть', en: 'Main part' }, aliases: ['основная'] },
  { value: 'periphery', name: { ru: 'Периферия', en: 'Periphery' }, aliases: ['периферия'] },
];

const STATUS_VALUES = BOOKING_STATUSES.map((status) => ({
  value: status,
  name: { ru: BOOKING_STATUS_WORDS[status].ru, en: status },
  aliases: BOOKING_STATUS_WORDS[status].words.filter((word) => word !== status),
}));

const TIMELINE_STATUS_VALUES = TIMELINE_STATUS_IDS.map((id) => ({
  value: String(id),
  name: { ru: TIMELINE_STATUS_NAMES[id].name, en: TIMELINE_STATUS_NAMES[id].nameEn },
}));

/** Example days in March of the example year (the coming one), so a template's rows never describe the past. */
const day = (ids: ExampleIds, offset: number) => `${ids.year}-03-${String(1 + offset).padStart(2, '0')}`;
const at = (date: string, hour: number) =>
  new Date(Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00+03:00`));
const exampleMonth = (ids: ExampleIds) => ids.year * 100 + 1;

const KIND_COLUMNS: Record<ImportKindCode, KindColumns> = {
  bookings: {
    columns: [
      col('externalId', 'id брони во внешней системе', "the booking system's booking id", 'text', true, {
        note: {
          ru: 'ключ строки: повторная загрузка с тем же id обновляет бронь',
          en: "the row's key: a file with the same id again updates the booking",
        },
      }),
      col('unitId', 'id юнита', 'unit id', 'id', true, { ids: 'units' }),
      col('startsAt', 'заезд', 'check-in', 'datetime', true),
      col('endsAt', 'выезд', 'check-out', 'datetime', true, {
        note: { ru: 'позже заезда', en: 'after the check-in' },
      }),
      col('status', 'статус', 'status', 'enum', true, { values: STATUS_VALUES }),
      col('guests', 'гостей', 'guests', 'integer', true),
      col('sourceId', 'id источника', 'source id', 'id', false, { ids: 'bookingSources' }),
      col('paid', 'оплачено', 'paid', 'money', true),
      col('sum', 'сумма', 'sum', 'money', true),
    ],
    examples: (ids) => [
      {
        externalId: 'PMS-1001',
        unitId: ids.unitId,
        startsAt: at(day(ids, 0), 14),
        endsAt: at(day(ids, 3), 12),
        status: 'confirmed',
        guests: 2,
        sourceId: ids.sourceId,
        paid: 1_000_000,
        sum: 4_295_533,
      },
      {
        externalId: 'PMS-1002',
        unitId: ids.unitId,
        startsAt: at(day(ids, 5), 14),
        endsAt: at(day(ids, 6), 12),
        status: 'new',
        guests: 1,
        sourceId: null,
        paid: 0,
        sum: 650_000,
      },
    ],
  },
  incomes: {
    columns: [
      col('userId', 'id клиента (владельца)', 'client (owner) id', 'id', true, { ids: 'owners' }),
      col('unitId', 'id юнита', 'unit id', 'id', true, {
        ids: 'units',
        note: { ru: 'юнит, которым клиент владеет', en: 'a unit the client owns' },
      }),
      col('month', 'месяц', 'month', 'month', true),
      col('amount', 'сумма дохода', 'income', 'money', true, {
        note: { ru: 'может быть отрицательной', en: 'may be negative' },
      }),
    ],
    examples: (ids) => [
      { userId: ids.ownerId, unitId: ids.ownedUnitId, month: exampleMonth(ids), amount: 4_295_533 },
      { userId: ids.ownerId, unitId: ids.ownedUnitId, month: exampleMonth(ids) + 1, amount: 3_810_000 },
    ],
  },
  outcomes: {
    columns: [
      col('externalId', 'id операции в учётной системе', "the accounting system's row id", 'text', true, {
        note: { ru: 'ключ строки', en: "the row's key" },
      }),
      col('locationId', 'id локации', 'location id', 'id', true, { ids: 'locations' }),
      col('part', 'часть', 'part', 'enum', true, { values: PART_VALUES }),
      col('date', 'дата', 'date', 'date', true),
      col('categoryId', 'id категории', 'category id', 'id', true, { ids: 'outcomeCategories' }),
      col('article', 'статья', 'article', 'text', true),
      col('articleEn', 'статья по-английски', 'article in English', 'text', false),
      col('amount', 'сумма', 'amount', 'money', true, { note: { ru: 'больше нуля', en: 'above zero' } }),
    ],
    examples: (ids) => [
      {
        externalId: 'ACC-2001',
        locationId: ids.locationId,
        part: 'main',
        date: day(ids, 1),
        categoryId: ids.categoryId,
        article: 'Электроэнергия',
        articleEn: 'Electricity',
        amount: 4_295_533,
      },
      {
        externalId: 'ACC-2002',
        locationId: ids.locationId,
        part: 'periphery',
        date: day(ids, 2),
        categoryId: ids.categoryId,
        article: 'Вывоз мусора',
        amount: 1_200_000,
      },
    ],
  },
  inventory: {
    columns: [
      col('unitId', 'id юнита', 'unit id', 'id', true, { ids: 'units' }),
      col('invNumber', 'инвентарный номер', 'inventory number', 'text', true, {
        note: { ru: 'ключ строки вместе с юнитом', en: "the row's key with the unit" },
      }),
      col('name', 'название', 'name', 'text', true),
      col('nameEn', 'название по-английски', 'name in English', 'text', false),
      col('cost', 'стоимость', 'cost', 'money', true),
      col('status', 'найден при инвентаризации', 'found at the stocktaking', 'boolean', false, {
        note: { ru: 'пусто — ещё не проверяли', en: 'empty: not checked yet' },
      }),
      col('date', 'дата инвентаризации', 'stocktaking date', 'date', false),
      col('spaceId', 'номер помещения', 'space number', 'integer', true),
      col('spaceName', 'помещение', 'space', 'text', true),
      col('spaceNameEn', 'помещение по-английски', 'space in English', 'text', false),
      col('photos', 'фото', 'photos', 'list', false, {
        note: {
          ru: 'ссылки https или адреса фото, загруженных в консоли, через |',
          en: 'https links or addresses of photos uploaded in the console, separated by |',
        },
      }),
    ],
    examples: (ids) => [
      {
        unitId: ids.unitId,
        invNumber: 'INV-0001',
        name: 'Кровать двуспальная',
        nameEn: 'Double bed',
        cost: 4_295_533,
        status: true,
        date: day(ids, 1),
        spaceId: 1,
        spaceName: 'Спальня',
        spaceNameEn: 'Bedroom',
        photos: '',
      },
      {
        unitId: ids.unitId,
        invNumber: 'INV-0002',
        name: 'Чайник',
        nameEn: 'Kettle',
        cost: 350_000,
        status: null,
        date: null,
        spaceId: 2,
        spaceName: 'Кухня',
        spaceNameEn: 'Kitchen',
        photos: '',
      },
    ],
  },
  inspections: {
    columns: [
      col('inspectionId', 'id проверки в системе проверок', "the inspection system's id", 'text', true, {
        note: {
          ru: 'строки одной проверки повторяют её колонки; ключ строки — id и позиция',
          en: "an inspection's rows repeat its columns; the row's key is the id and the position",
        },
      }),
      col('locationId', 'id локации', 'location id', 'id', true, { ids: 'locations' }),
      col('kind', 'вид проверки', 'kind', 'enum', true, {
        values: [
          { value: 'material', name: { ru: 'Материальная', en: 'Material' }, aliases: ['материальная'] },
          { value: 'service', name: { ru: 'Сервисная', en: 'Service' }, aliases: ['сервисная'] },
          { value: 'other', name: { ru: 'Другая', en: 'Other' }, aliases: ['другая', 'прочая'] },
        ],
      }),
      col('name', 'название', 'name', 'text', true),
      col('nameEn', 'название по-английски', 'name in English', 'text', false),
      col('date', 'дата и время проверки', 'inspection date and time', 'datetime', true),
      col('completed', 'завершена', 'completed', 'boolean', true),
      col('listName', 'чек-лист', 'checklist', 'text', false),
      col('listNameEn', 'чек-лист по-английски', 'checklist in English', 'text', false),
      col('position', 'позиция пункта', 'check position', 'integer', false, {
        note: {
          ru: 'пусто — проверка без чек-листа; с позицией обязательны группа, подгруппа, пункт и результат',
          en: 'empty: an inspection without its checklist yet; with a position, the group, subgroup, check and result are required',
        },
      }),
      col('group', 'группа', 'group', 'text', false),
      col('groupEn', 'группа по-английски', 'group in English', 'text', false),
      col('subgroup', 'подгруппа', 'subgroup', 'text', false),
      col('subgroupEn', 'подгруппа по-английски', 'subgroup in English', 'text', false),
      col('check', 'пункт', 'check', 'text', false),
      col('checkEn', 'пункт по-английски', 'check in English', 'text', false),
      col('result', 'пройден', 'passed', 'boolean', false),
      col('photos', 'фото и видео', 'photos and videos', 'list', false, {
        note: { ru: 'ссылки http(s) через |', en: 'http(s) links separated by |' },
      }),
    ],
    examples: (ids) =>
      [1, 2].map((position) => ({
        inspectionId: 'INSP-501',
        locationId: ids.locationId,
        kind: 'service',
        name: 'Уборка номеров',
        nameEn: 'Housekeeping',
        date: at(day(ids, 2), 10),
        completed: true,
        listName: 'Чек-лист уборки',
        listNameEn: 'Housekeeping checklist',
        position,
        group: 'Спальня',
        groupEn: 'Bedroom',
        subgroup: 'Кровать',
        subgroupEn: 'Bed',
        check: position === 1 ? 'Бельё заменено' : 'Покрывало без пятен',
        checkEn: position === 1 ? 'Linen changed' : 'Bedspread spotless',
        result: position === 1,
        photos: '',
      })),
  },
  timelines: {
    columns: [
      col('scope', 'чей этап', 'whose stage', 'enum', true, {
        values: [
          { value: 'unit', name: { ru: 'Юнита', en: 'A unit' }, aliases: ['юнит'] },
          { value: 'location', name: { ru: 'Локации', en: 'A location' }, aliases: ['локация'] },
          {
            value: 'periphery',
            name: { ru: 'Периферии локации', en: "A location's periphery" },
            aliases: ['периферия'],
          },
        ],
      }),
      col('unitId', 'id юнита', 'unit id', 'id', false, {
        ids: 'units',
        note: { ru: 'для этапов юнита', en: "for a unit's stages" },
      }),
      col('locationId', 'id локации', 'location id', 'id', false, {
        ids: 'locations',
        note: { ru: 'для этапов локации и периферии', en: "for a location's and periphery stages" },
      }),
      col('seq', 'порядок', 'order', 'integer', true, {
        note: {
          ru: 'ключ строки вместе с юнитом или локацией',
          en: "the row's key with the unit or location",
        },
      }),
      col('level', 'уровень', 'level', 'integer', true, {
        note: { ru: '1–3 (у юнита 1–2)', en: '1–3 (a unit: 1–2)' },
      }),
      col('name', 'название', 'name', 'text', true),
      col('nameEn', 'название по-английски', 'name in English', 'text', false),
      col('status', 'статус', 'status', 'enum', true, { values: TIMELINE_STATUS_VALUES }),
      col('finishDate', 'дата окончания', 'finish date', 'date', false),
      col('description', 'описание', 'description', 'text', false),
      col('descriptionEn', 'описание по-английски', 'description in English', 'text', false),
      col('capitalizationStage', 'стадия капитализации', 'capitalization stage', 'text', false),
      col(
        'capitalizationStageEn',
        'стадия капитализации по-английски',
        'capitalization stage in English',
        'text',
        false,
      ),
      col('capitalizationPrice', 'цена на стадии', 'price at the stage', 'money', false),
      col('marketPrice', 'рыночная цена', 'market price', 'money', false),
      col('capitalizationDescription', 'описание капитализации', 'capitalization description', 'text', false),
      col(
        'capitalizationDescriptionEn',
        'описание капитализации по-английски',
        'capitalization description in English',
        'text',
        false,
      ),
    ],
    examples: (ids) => [
      {
        scope: 'location',
        locationId: ids.locationId,
        seq: 901,
        level: 1,
        name: 'Благоустройство',
        nameEn: 'Landscaping',
        status: 2,
        finishDate: day(ids, 10),
        description: 'Дорожки и освещение',
        descriptionEn: 'Paths and lighting',
      },
      {
        scope: 'location',
        locationId: ids.locationId,
        seq: 902,
        level: 2,
        name: 'Освещение',
        nameEn: 'Lighting',
        status: 0,
        finishDate: null,
      },
    ],
  },
  locations: {
    columns: [
      col('id', 'id локации', 'location id', 'id', true, {
        note: {
          ru: 'новый id добавляет локацию, известный — меняет её',
          en: 'a new id adds a location, a known one changes it',
        },
      }),
      col('name', 'название', 'name', 'text', true),
      col('nameEn', 'название по-английски', 'name in English', 'text', false),
      col('position', 'место в списке', 'place in the list', 'integer', false),
      col('existsMain', 'есть основная часть', 'has a main part', 'boolean', false),
      col('existsPeriphery', 'есть периферия', 'has a periphery', 'boolean', false),
      col('placeholder', 'скоро (без юнитов)', 'coming soon (no units)', 'boolean', false),
      col('distanceKm', 'расстояние, км', 'distance, km', 'number', false),
      col('description', 'описание', 'description', 'text', false),
      col('descriptionEn', 'описание по-английски', 'description in English', 'text', false),
      col('infrastructure', 'инфраструктура', 'infrastructure', 'list', false, {
        note: {
          ru: 'название=количество через |, например Ресторан=6|Баня=2',
          en: 'name=count separated by |, e.g. Ресторан=6|Баня=2',
        },
      }),
      col('infrastructureEn', 'инфраструктура по-английски', 'infrastructure in English', 'list', false, {
        note: { ru: 'названия в том же порядке через |', en: 'the names in the same order, separated by |' },
      }),
    ],
    examples: (ids) => [
      {
        id: ids.newLocationId,
        name: 'Озёрный берег',
        nameEn: 'Lake Shore',
        position: null,
        existsMain: true,
        existsPeriphery: false,
        placeholder: false,
        distanceKm: 12.5,
        description: 'Коттеджи у озера',
        descriptionEn: 'Cottages by the lake',
        infrastructure: 'Ресторан=1|Баня=2',
        infrastructureEn: 'Restaurant|Banya',
      },
    ],
  },
  units: {
    columns: [
      col('locationId', 'id локации', 'location id', 'id', true, { ids: 'locations' }),
      col('unitNumber', 'номер юнита', 'unit number', 'text', true, {
        note: { ru: 'ключ строки вместе с локацией', en: "the row's key with the location" },
      }),
      col('part', 'часть', 'part', 'enum', true, { values: PART_VALUES }),
      col('type', 'тип', 'type', 'text', true, {
        note: {
          ru: 'из списка «Типы и стадии»; новое название добавляет тип',
          en: 'from "Types and stages"; a new name adds a type',
        },
      }),
      col('typeEn', 'тип по-английски', 'type in English', 'text', false),
      col('name', 'название', 'name', 'text', true),
      col('nameEn', 'название по-английски', 'name in English', 'text', false),
      col('capacity', 'вместимость', 'capacity', 'integer', true),
      col('area', 'площадь, м²', 'area, m²', 'number', true),
      col('stage', 'стадия', 'stage', 'text', false),
      col('stageEn', 'стадия по-английски', 'stage in English', 'text', false),
      col('dateOfLaunch', 'дата запуска', 'launch date', 'date', false),
      col('photos', 'фото', 'photos', 'list', false, {
        note: {
          ru: 'ссылки https через |; пусто — фото не меняются',
          en: 'https links separated by |; empty keeps the photos',
        },
      }),
    ],
    examples: (ids) => [
      {
        locationId: ids.locationId,
        unitNumber: 'A-101',
        part: 'main',
        type: 'Коттедж',
        typeEn: 'Cottage',
        name: 'Коттедж у воды',
        nameEn: 'Waterside cottage',
        capacity: 4,
        area: 56.5,
        stage: '',
        stageEn: '',
        dateOfLaunch: day(ids, 0),
        photos: '',
      },
    ],
  },
  ...LENDER_KIND_COLUMNS,
  locationDocuments: LOCATION_DOCUMENT_COLUMNS,
};

const TYPE_WORDS: Record<CellType, { type: Words; format: Words }> = {
  id: {
    type: { ru: 'id', en: 'id' },
    format: { ru: 'целое число из списка консоли', en: 'a whole number from the console list' },
  },
  integer: {
    type: { ru: 'целое число', en: 'whole number' },
    format: { ru: 'цифры', en: 'digits' },
  },
  number: {
    type: { ru: 'число', en: 'number' },
    format: { ru: 'десятичная запятая или точка', en: 'a decimal point or comma' },
  },
  money: {
    type: { ru: 'сумма, ₽', en: 'amount, RUB' },
    format: {
      ru: 'рубли, копейки через запятую или точку; пробелы между тысячами допустимы',
      en: 'roubles, kopecks after a point or comma; spaces between thousands are allowed',
    },
  },
  date: {
    type: { ru: 'дата', en: 'date' },
    format: { ru: 'дд.мм.гггг или гггг-мм-дд', en: 'yyyy-mm-dd or dd.mm.yyyy' },
  },
  datetime: {
    type: { ru: 'дата и время', en: 'date and time' },
    format: {
      ru: 'дд.мм.гггг чч:мм (по Москве) или ISO 8601 со смещением',
      en: 'ISO 8601 with its offset, or dd.mm.yyyy hh:mm (Moscow time)',
    },
  },
  month: {
    type: { ru: 'месяц', en: 'month' },
    format: { ru: 'мм.гггг, гггг-мм или ггггмм', en: 'yyyy-mm, mm.yyyy or yyyymm' },
  },
  boolean: {
    type: { ru: 'да или нет', en: 'yes or no' },
    format: { ru: 'да / нет (или true / false, 1 / 0)', en: 'yes / no (or true / false, 1 / 0)' },
  },
  enum: {
    type: { ru: 'значение из списка', en: 'one of the values' },
    format: { ru: 'код или его название', en: 'the code or its name' },
  },
  text: { type: { ru: 'текст', en: 'text' }, format: { ru: '', en: '' } },
  list: { type: { ru: 'список', en: 'list' }, format: { ru: 'через |', en: 'separated by |' } },
};

const EXPECTATION: Record<CellType, MessageKey> = {
  id: 'import.expectId',
  integer: 'import.expectInteger',
  number: 'import.expectNumber',
  money: 'import.expectMoney',
  date: 'import.expectDate',
  datetime: 'import.expectDateTime',
  month: 'import.expectMonth',
  boolean: 'import.expectYesNo',
  enum: 'import.expectValue',
  text: 'import.expectText',
  list: 'import.expectList',
};

/** The ids an example row takes when the portal has none of a kind yet. */
const FALLBACK_IDS: ExampleIds = {
  unitId: 1,
  locationId: 1,
  ownerId: 1,
  ownedUnitId: 1,
  sourceId: 0,
  categoryId: 1,
  documentCategoryId: 1,
  loanId: 1,
  lenderId: 1,
  newLocationId: 1,
  year: 2027,
};

function columnOf(kind: ImportKindCode, name: string) {
  return KIND_COLUMNS[kind].columns.find((column) => column.name === name);
}

/** A column's example, written for the user's language: the first example row's value, else the type's own. */
function exampleOf(kind: ImportKindCode, column: ImportColumn, locale: Locale, ids = FALLBACK_IDS) {
  const rows = KIND_COLUMNS[kind].examples(ids);
  const value = rows.map((row) => row[column.name]).find((v) => v !== null && v !== undefined && v !== '');
  return writeCell(value ?? null, column.type, locale);
}

const valuesOf = (column: ImportColumn, locale: Locale) =>
  (column.values ?? []).map((v) => (v.name[locale] === v.value ? v.value : `${v.value} (${v.name[locale]})`));

/**
 * What a refused cell should have held, in the user's language: «сумма: ожидалась сумма в рублях, например
 * 42955,33». `key` is the problem found (a generic one is replaced by the column's expectation).
 */
export function cellProblem(kind: ImportKindCode, field: string, key: MessageKey, locale: Locale): string {
  const column = columnOf(kind, field);
  // Out of scope is about the whole row, and says nothing more of it.
  if (!column || key === 'import.outOfScope') return message(key, locale);
  const label = column.label[locale];
  if (key === 'import.unknown' || key === 'import.notOwned' || key === 'import.notLent') {
    const source = column.ids ? ID_SOURCES[column.ids][locale] : undefined;
    return `${label}: ${message(key, locale)}${source ? ` (${message('import.idsIn', locale)} ${source})` : ''}`;
  }
  const generic =
    key === 'validation.invalid' || key === 'import.bookingStatus' || key === 'validation.required';
  if (!generic) {
    // A whole sentence (the catalogue's own messages) stands alone; a phrase is the column's.
    const text = message(key, locale);
    return text[0] === text[0]?.toLowerCase() ? `${label}: ${text}` : text;
  }
  const expected = message(
    key === 'validation.required' ? 'import.expectFilled' : EXPECTATION[column.type],
    locale,
  )
    .replace('{example}', exampleOf(kind, column, locale))
    .replace('{values}', valuesOf(column, locale).join(', '));
  return `${label}: ${expected}`;
}

/** The page of a kind's allowed values, in the user's language. */
export function describeColumns(kind: ImportKindCode, locale: Locale, ids: ExampleIds) {
  return KIND_COLUMNS[kind].columns.map((column) => {
    const words = TYPE_WORDS[column.type];
    const values = (column.values ?? []).map((v) => ({
      value: v.value,
      name: v.name[locale],
      alsoAccepted: (v.aliases ?? []).filter((alias) => alias !== v.value),
    }));
    return {
      name: column.name,
      label: column.label[locale],
      required: column.required,
      type: words.type[locale],
      format: words.format[locale],
      example: exampleOf(kind, column, locale, ids),
      values,
      idsFrom: column.ids ? ID_SOURCES[column.ids][locale] : null,
      note: column.note?.[locale] ?? null,
    };
  });
}

/** A kind's rows as the CSV of the user's language (templates and exports share it). */
export function kindCsv(kind: ImportKindCode, rows: readonly ExampleRow[], locale: Locale): string {
  const { columns } = KIND_COLUMNS[kind];
  return csvText(
    columns.map((column) => column.name),
    rows.map((row) => columns.map((column) => writeCell(row[column.name], column.type, locale))),
    locale,
  );
}

/** The template of a kind: its header and example rows. */
export function templateCsv(kind: ImportKindCode, locale: Locale, ids: ExampleIds): string {
  return kindCsv(kind, KIND_COLUMNS[kind].examples(ids), locale);
}
