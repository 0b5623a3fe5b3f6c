import type { Database } from '../db/connection.ts';
import type { Executor } from '../db/executor.ts';
import { syncIdentitySequences } from '../db/migrate.ts';
import type { FileStore } from '../integrations/file-store.ts';
import { linkUnitLists } from '../modules/catalogue/queries.ts';
import { toKopecks } from '../shared/money.ts';
import { DEMO_ACCOUNTS, DEMO_NEWCOMER } from './accounts.ts';
import { seedBackoffice } from './backoffice.ts';
import { CATALOGUE, PLACEHOLDER_LOCATION } from './catalogue.ts';
import { seedCompanyContent } from './company-content.ts';
import { type DemoFile, seedDocuments, writeDemoDocumentFiles } from './documents.ts';
import { seedFaq } from './faq.ts';
import { seedInspections } from './inspections.ts';
import { seedInventory } from './inventory.ts';
import { seedNews } from './news.ts';
import { seedOperations } from './operations.ts';
import { seedSales } from './sales.ts';
import { seedTimelines } from './timelines.ts';

/**
 * Deterministic demo data: the catalogue's locations and units, managers, and the README's accounts with
 * their units, loans and documents. Runs once, on an empty database.
 */
export async function seedDemoData(
  database: Database,
  now: Date = new Date(),
  files?: FileStore,
): Promise<boolean> {
  const { db } = database;
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwords = new Map<number, string>(DEMO_ACCOUNTS.map((a) => [a.id, a.passwordHash]));
  let documentFiles: DemoFile[] = [];
  await db.transaction().execute(async (trx) => {
    const unitIds = await seedLocations(trx);
    await seedPeople(trx, passwords, unitIds);
    await seedOperations(trx, now);
    await seedBackoffice(trx, passwords, now);
    await seedInspections(trx, now);
    await seedInventory(trx);
    await seedTimelines(trx, now);
    documentFiles = await seedDocuments(trx, now);
    await seedSales(trx, now);
    await seedFaq(trx);
    await seedNews(trx, now);
    await seedCompanyContent(trx);
  });
  if (files) await writeDemoDocumentFiles(database.db, files, documentFiles);
  await syncIdentitySequences(database, [
    'users',
    'managers',
    'units',
    'user_units',
    'loans',
    'documents',
    'requests',
  ]);
  return true;
}

/** Answers unit ids by location and type, in catalogue order. */
async function seedLocations(db: Executor) {
  const unitIds = new Map<string, number[]>();
  let unitId = 1;
  for (const location of CATALOGUE) {
    await db
      .insertInto('locations')
      .values({
        id: location.id,
        name: location.name,
        name_en: location.nameEn,
        exists_main: location.units.some((u) => u.part === 'main'),
        exists_periphery: location.units.some((u) => u.part === 'periphery'),
        // The spec's fixed order of the four named locations; the units by type are counted from the units.
        position: CATALOGUE.indexOf(location) + 1,
        info: JSON.stringify({
          distanceKm: location.distanceKm,
          description: location.description,
          descriptionEn: location.descriptionEn,
          infrastructure: location.infrastructure,
        }),
      })
      .execute();
    for (const kind of location.units) {
      const ids: number[] = [];
      for (let n = 1; n <= kind.count; n += 1) {
        const number = `${location.id}${kind.part === 'main' ? '1' : '5'}${String(unitId).padStart(2, '0')}`;
        await db
          .insertInto('units')
          .values({
            id: unitId,
            location_id: location.id,
            part: kind.part,
            unit_type: kind.type,
            unit_type_en: kind.typeEn,
            name: `${kind.type} №${n}`,
            name_en: `${kind.typeEn} No. ${n}`,
            unit_number: number,
            capacity: kind.capacity,
            area: kind.area,
            stage: location.id === 7 ? 'Строительство' : 'Эксплуатация',
            stage_en: location.id === 7 ? 'Construction' : 'Operation',
            date_of_launch: location.id === 7 ? '2027-06-01' : '2023-07-01',
            image_urls: JSON.stringify([
              `/api/v1/media/units/${kind.image}-1.svg`,
              `/api/v1/media/units/${kind.image}-2.svg`,
            ]),
          })
          .execute();
        ids.push(unitId);
        unitId += 1;
      }
      unitIds.set(`${location.id}:${kind.type}`, ids);
    }
  }
  await db
    .insertInto('locations')
    .values({
      id: PLACEHOLDER_LOCATION.id,
      name: PLACEHOLDER_LOCATION.name,
      name_en: PLACEHOLDER_LOCATION.nameEn,
      is_placeholder: true,
      position: CATALOGUE.length + 1,
      info: '{}',
    })
    .execute();
  // The types and stages the units name become the console's lists.
  await linkUnitLists(db);
  return unitIds;
}

const DOCUMENT_CATEGORIES = [
  { id: 1, name: 'Договор', name_en: 'Contract' },
  { id: 2, name: 'Акт', name_en: 'Act' },
  { id: 15, name: 'Отчёт', name_en: 'Report' },
  { id: 34534, name: 'Дополнительное соглашение', name_en: 'Supplementary agreement' },
  { id: 372381, name: 'Счёт', name_en: 'Invoice' },
  { id: 372382, name: 'Справка', name_en: 'Certificate' },
  { id: 372390, name: 'Акт сверки', name_en: 'Reconciliation act' },
  { id: 372391, name: 'Уведомление', name_en: 'Notice' },
  { id: 630158, name: 'Выписка', name_en: 'Statement' },
];

async function seedPeople(db: Executor, passwords: Map<number, string>, unitIds: Map<string, number[]>) {
  const unit = (locationId: number, type: string, index: number) => {
    const id = unitIds.get(`${locationId}:${type}`)?.[index];
    if (id === undefined) throw new Error(`demo unit ${locationId}:${type}:${index} is not in the catalogue`);
    return id;
  };
  const [investor, lender, both, demo, manager] = DEMO_ACCOUNTS;

  await db
    .insertInto('users')
    .values([
      {
        id: manager.id,
        email: manager.login,
        phone: manager.phone,
        password_hash: passwords.get(manager.id) ?? null,
        is_active: true,
        last_name: 'Белова',
        first_name: 'Ольга',
        middle_name: 'Андреевна',
      },
    ])
    .execute();
  await db
    .insertInto('managers')
    .values([
      {
        id: 1,
        user_id: manager.id,
        name: 'Ольга Белова',
        name_en: 'Olga Belova',
        phone: '+7 (495) 120-45-67',
        email: manager.login,
        is_default: true,
      },
      {
        id: 2,
        user_id: null,
        name: 'Дмитрий Соколов',
        name_en: 'Dmitry Sokolov',
        phone: '+7 (495) 120-45-68',
        email: 'sokolov@example.com',
      },
    ])
    .execute();
  await db.insertInto('user_roles').values({ user_id: manager.id, role: 'MANAGER' }).execute();

  const owner = (
    account: (typeof DEMO_ACCOUNTS)[number],
    names: [string, string, string],
    extra: {
      organization_type: 'individual' | 'sole_proprietor' | 'company';
      manager_id: number;
      contract_number: string;
      contract_date: string;
    },
  ) => ({
    id: account.id,
    email: account.login,
    phone: account.phone,
    password_hash: passwords.get(account.id) ?? null,
    is_active: true,
    last_name: names[0],
    first_name: names[1],
    middle_name: names[2],
    ...extra,
  });
  await db
    .insertInto('users')
    .values([
      owner(investor, ['Иванов', 'Иван', 'Петрович'], {
        organization_type: 'individual',
        manager_id: 1,
        contract_number: 'ИНВ-2023/017',
        contract_date: '2023-03-14',
      }),
      owner(lender, ['Смирнова', 'Анна', 'Сергеевна'], {
        organization_type: 'sole_proprietor',
        manager_id: 2,
        contract_number: 'ЗМ-2024/005',
        contract_date: '2024-02-01',
      }),
      owner(both, ['Кузнецов', 'Алексей', 'Викторович'], {
        organization_type: 'company',
        manager_id: 1,
        contract_number: 'ИНВ-2022/101',
        contract_date: '2022-11-20',
      }),
      owner(demo, ['Демонстрационный', 'Профиль', ''], {
        organization_type: 'individual',
        manager_id: 1,
        contract_number: 'ДЕМО-1223',
        contract_date: '2023-01-10',
      }),
      {
        id: DEMO_NEWCOMER.id,
        email: DEMO_NEWCOMER.email,
        phone: DEMO_NEWCOMER.phone,
        is_active: false,
        last_name: 'Новиков',
        first_name: 'Павел',
        middle_name: 'Игоревич',
        manager_id: 1,
        contract_number: 'ИНВ-2026/044',
        contract_date: '2026-10-30',
      },
    ])
    .execute();
  await db
    .insertInto('user_roles')
    .values([
      { user_id: investor.id, role: 'INVESTOR' },
      { user_id: lender.id, role: 'LENDER' },
      { user_id: both.id, role: 'INVESTOR' },
      { user_id: both.id, role: 'LENDER' },
      { user_id: demo.id, role: 'INVESTOR' },
      { user_id: DEMO_NEWCOMER.id, role: 'INVESTOR' },
    ])
    .execute();
  await db
    .insertInto('bank_details')
    .values([
      {
        user_id: lender.id,
        inn: '772345678901',
        kpp: null,
        ogrn: '318774600123456',
        bik: '044525225',
        bank_name: 'ПАО Сбербанк',
        payment_account: '40802810938000012345',
        jur_address: null,
        address: 'г. Москва, ул. Тверская, д. 7, кв. 12',
      },
      {
        user_id: both.id,
        inn: '7701234567',
        kpp: '770101001',
        ogrn: '1157746123456',
        bik: '044525974',
        bank_name: 'АО «Т-Банк»',
        payment_account: '40702810110000123456',
        jur_address: 'г. Москва, Пресненская наб., д. 12, офис 45',
        address: 'г. Москва, ул. Большая Ордынка, д. 40',
      },
    ])
    .execute();

  const owned = (userId: number, unitId: number, invested: number, date: string, sale?: number) => ({
    user_id: userId,
    unit_id: unitId,
    relation: 'owner' as const,
    invested_kopecks: toKopecks(invested),
    invested_at: date,
    is_sale: sale !== undefined,
    sale_price_kopecks: sale === undefined ? null : toKopecks(sale),
  });
  await db
    .insertInto('user_units')
    .values([
      owned(investor.id, unit(1, 'Джуниор сюит', 2), 9_800_000, '2023-03-14'),
      owned(investor.id, unit(1, 'Баня', 0), 6_500_000, '2023-05-02'),
      owned(investor.id, unit(2, 'Джуниор сюит', 4), 10_400_000, '2023-09-18'),
      owned(investor.id, unit(3, 'Сюит-зеркало', 1), 14_200_000, '2024-04-05', 16_900_000),
      owned(investor.id, unit(7, 'Сюит', 0), 12_600_000, '2025-06-20'),
      owned(both.id, unit(2, 'Джуниор сюит', 7), 10_100_000, '2022-11-20'),
      owned(both.id, unit(7, 'Понтонная баня', 2), 5_900_000, '2025-02-11'),
      owned(demo.id, unit(1, 'Стандарт', 0), 7_200_000, '2023-01-10'),
      owned(demo.id, unit(1, 'Баня', 1), 6_300_000, '2023-01-10'),
      owned(demo.id, unit(3, 'Джуниор сюит-зеркало', 3), 11_000_000, '2024-02-15'),
    ])
    .execute();
  await db
    .insertInto('loans')
    .values([
      {
        user_id: lender.id,
        location_id: 1,
        amount_kopecks: toKopecks(3_000_000),
        issued_at: '2024-02-01',
        term_year_month: 202702,
        rate_percent: 18,
      },
      {
        user_id: lender.id,
        location_id: 2,
        amount_kopecks: toKopecks(1_500_000),
        issued_at: '2024-08-15',
        term_year_month: 202708,
        rate_percent: 20,
      },
      {
        user_id: both.id,
        location_id: 3,
        amount_kopecks: toKopecks(2_000_000),
        issued_at: '2025-01-20',
        term_year_month: 202801,
        rate_percent: 22,
      },
    ])
    .execute();

  await db.insertInto('document_categories').values(DOCUMENT_CATEGORIES).execute();
  await db
    .insertInto('documents')
    .values([
      {
        user_id: investor.id,
        category_id: 1,
        location_id: 1,
        status_id: 3,
        number: 'ИНВ-2023/017',
        description: 'Договор инвестирования',
        description_en: 'Investment agreement',
        document_date: '2023-03-14',
      },
      {
        user_id: investor.id,
        category_id: 2,
        location_id: 1,
        status_id: 1,
        number: 'А-2026/10',
        description: 'Акт за октябрь 2026',
        description_en: 'Act for October 2026',
        document_date: '2026-11-05',
      },
      {
        user_id: lender.id,
        category_id: 1,
        location_id: 1,
        status_id: 3,
        number: 'ЗМ-2024/005',
        description: 'Договор займа',
        description_en: 'Loan agreement',
        document_date: '2024-02-01',
      },
      {
        user_id: both.id,
        category_id: 34534,
        location_id: 2,
        status_id: 1,
        number: 'ДС-2026/3',
        description: 'Дополнительное соглашение',
        description_en: 'Supplementary agreement',
        document_date: '2026-10-12',
      },
      {
        user_id: demo.id,
        category_id: 15,
        location_id: 1,
        status_id: 3,
        number: 'О-2026/09',
        description: 'Отчёт за сентябрь 2026',
        description_en: 'Report for September 2026',
        document_date: '2026-10-01',
      },
    ])
    .execute();
}
