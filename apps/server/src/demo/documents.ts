import { addMonths, firstDayOf, yearMonthOf } from '@portal/contract/periods';
import type { Executor } from '../db/executor.ts';
import type { FileStore } from '../integrations/file-store.ts';
import { sanitizeHtml } from '../integrations/html.ts';
import { simplePdf } from '../modules/documents/pdf.ts';
import { addDays } from '../shared/time.ts';

/**
 * Demo documents: more documents of the owners in every status (1 needs signature, 13 in progress, 3 signed,
 * 2 no signature needed, -1 attention), documents of the four locations, and a PDF file for every document.
 * The 'both' account signs in the electronic document service (useDiadoc). The investor keeps exactly one
 * document to sign and the lender and the demo profile none, as the layout's banner tests expect.
 * The PDFs are drawn by shared/pdf-writer.ts; `writeDemoDocumentFiles` stores them once the rows are committed.
 */
export type DemoFile = { key: string; title: string; lines: string[] };

/** A day of the month `months` before now's Moscow month, as yyyy-mm-dd. */
const monthsBack = (now: Date, months: number, day: number) =>
  addDays(firstDayOf(addMonths(yearMonthOf(now), -months)), day - 1);

export async function seedDocuments(db: Executor, now: Date): Promise<DemoFile[]> {
  await db.updateTable('users').set({ use_diadoc: true }).where('id', '=', 3).execute();
  await db
    .updateTable('documents')
    .set({ diadoc_url: 'https://diadoc.kontur.ru/' })
    .where('user_id', '=', 3)
    .where('status_id', '=', 1)
    .execute();
  const unitsOf = async (userId: number) =>
    (
      await db
        .selectFrom('user_units')
        .innerJoin('units', 'units.id', 'user_units.unit_id')
        .select(['units.id', 'units.location_id'])
        .where('user_units.user_id', '=', userId)
        .orderBy('units.id')
        .execute()
    ).map((u) => ({ id: u.id, locationId: u.location_id }));
  const investorUnits = await unitsOf(1);
  const bothUnits = await unitsOf(3);
  const demoUnits = await unitsOf(1223);
  const pick = <T>(list: T[], index: number): T => {
    const value = list[index % list.length];
    if (value === undefined) throw new Error('demo documents: no units');
    return value;
  };

  type Row = {
    user_id: number;
    category_id: number;
    location_id: number;
    unit_id: number | null;
    status_id: number;
    number: string;
    description: string;
    description_en: string;
    document_date: string;
  };
  const unitDoc = (
    userId: number,
    unit: { id: number; locationId: number },
    categoryId: number,
    statusId: number,
    number: string,
    description: string,
    descriptionEn: string,
    date: string,
  ): Row => ({
    user_id: userId,
    category_id: categoryId,
    location_id: unit.locationId,
    unit_id: unit.id,
    status_id: statusId,
    number,
    description: sanitizeHtml(description),
    description_en: sanitizeHtml(descriptionEn),
    document_date: date,
  });
  const loanDoc = (
    locationId: number,
    categoryId: number,
    statusId: number,
    number: string,
    ru: string,
    en: string,
    date: string,
  ): Row => ({
    user_id: 2,
    category_id: categoryId,
    location_id: locationId,
    unit_id: null,
    status_id: statusId,
    number,
    description: sanitizeHtml(ru),
    description_en: sanitizeHtml(en),
    document_date: date,
  });
  const rows: Row[] = [
    unitDoc(
      1,
      pick(investorUnits, 0),
      15,
      13,
      'О-3-2026',
      'Отчёт об управлении за <b>III квартал</b>',
      'Management report for <b>Q3</b>',
      monthsBack(now, 1, 8),
    ),
    unitDoc(
      1,
      pick(investorUnits, 1),
      372381,
      2,
      'С-118',
      'Счёт на коммунальные услуги',
      'Utilities invoice',
      monthsBack(now, 2, 3),
    ),
    unitDoc(
      1,
      pick(investorUnits, 2),
      372390,
      -1,
      'АС-2026-07',
      'Акт сверки: <i>расхождение в суммах</i>, свяжитесь с менеджером',
      'Reconciliation act: <i>the sums differ</i>, contact your manager',
      monthsBack(now, 3, 15),
    ),
    unitDoc(
      1,
      pick(investorUnits, 3),
      372391,
      3,
      'У-44',
      'Уведомление о начале продажи юнита',
      'Notice of the unit listed for sale',
      monthsBack(now, 5, 21),
    ),
    unitDoc(
      1,
      pick(investorUnits, 4),
      372382,
      2,
      'СП-2025-12',
      'Справка о доходах за 2025 год',
      'Income statement for 2025',
      monthsBack(now, 10, 20),
    ),
    unitDoc(
      1,
      pick(investorUnits, 0),
      630158,
      3,
      'В-2026-06',
      'Выписка по счёту за первое полугодие',
      'Account statement for the first half-year',
      monthsBack(now, 4, 2),
    ),
    loanDoc(
      1,
      34534,
      13,
      'ДС-З-2026-1',
      'Дополнительное соглашение о графике выплат',
      'Supplementary agreement on the payment schedule',
      monthsBack(now, 1, 12),
    ),
    loanDoc(2, 1, 3, 'ЗМ-2024-009', 'Договор займа', 'Loan agreement', '2024-08-15'),
    loanDoc(
      1,
      372382,
      2,
      'СП-З-2025',
      'Справка о выплатах по займу за 2025 год',
      'Loan payments statement for 2025',
      monthsBack(now, 9, 18),
    ),
    loanDoc(
      2,
      372390,
      -1,
      'АС-З-2026-2',
      'Акт сверки: <i>не хватает подписи</i>',
      'Reconciliation act: <i>a signature is missing</i>',
      monthsBack(now, 2, 25),
    ),
    unitDoc(
      3,
      pick(bothUnits, 0),
      2,
      3,
      'А-2026-08',
      'Акт за август',
      'Act for August',
      monthsBack(now, 3, 5),
    ),
    unitDoc(
      3,
      pick(bothUnits, 1),
      15,
      13,
      'О-2026-09',
      'Отчёт за сентябрь',
      'Report for September',
      monthsBack(now, 2, 6),
    ),
    unitDoc(
      1223,
      pick(demoUnits, 0),
      2,
      2,
      'А-Д-2026-08',
      'Акт оказанных услуг',
      'Act of services rendered',
      monthsBack(now, 2, 10),
    ),
    unitDoc(
      1223,
      pick(demoUnits, 2),
      1,
      3,
      'ДЕМО-1223-2',
      'Договор инвестирования',
      'Investment agreement',
      '2024-02-15',
    ),
  ];
  await db.insertInto('documents').values(rows).execute();

  const locationRows = [
    [
      1,
      15,
      'ОЛ-1-2026',
      'Отчёт о деятельности отеля «Сосны» за полугодие',
      'Half-year operations report of the Sosny hotel',
      monthsBack(now, 4, 28),
    ],
    [
      1,
      630158,
      'ВЛ-1-2026',
      'Выписка о загрузке за прошлый месяц',
      "Last month's occupancy statement",
      monthsBack(now, 1, 3),
    ],
    [
      2,
      15,
      'ОЛ-2-2026',
      'Отчёт о ходе работ в лесной части',
      'Progress report of the forest part',
      monthsBack(now, 3, 9),
    ],
    [
      3,
      372391,
      'УЛ-3-2026',
      'Уведомление о плановом ремонте фасада',
      'Notice of the planned facade repair',
      monthsBack(now, 2, 14),
    ],
    [
      7,
      15,
      'ОЛ-7-2026',
      'Отчёт о строительстве озёрной части',
      'Construction report of the lake part',
      monthsBack(now, 1, 20),
    ],
  ] as const;
  await db
    .insertInto('location_documents')
    .values(
      locationRows.map(([locationId, categoryId, number, ru, en, date]) => ({
        location_id: locationId,
        category_id: categoryId,
        number,
        description: sanitizeHtml(ru),
        description_en: sanitizeHtml(en),
        document_date: date,
      })),
    )
    .execute();

  // A file for every document, named after its category and number.
  const files: DemoFile[] = [];
  const attach = async (
    table: 'documents' | 'location_documents',
    doc: {
      id: number;
      number: string | null;
      description_en: string;
      document_date: string;
      category: string;
      categoryEn: string;
    },
  ) => {
    const key = `documents/demo-${table === 'documents' ? 'u' : 'l'}${doc.id}`;
    const name = `${doc.category} ${doc.number ?? doc.id}.pdf`.replaceAll('/', '-');
    const lines = [
      `No. ${doc.number ?? doc.id} of ${doc.document_date}`,
      doc.description_en.replace(/<[^>]+>/g, ''),
      '',
      'Demo document of the investor portal.',
    ];
    files.push({ key, title: doc.categoryEn, lines });
    const upload = await db
      .insertInto('uploads')
      .values({
        storage_key: key,
        // Demo files belong to their document rows (ownership is checked through them), not to an uploader.
        owner_user_id: null,
        kind: 'document',
        mime_type: 'application/pdf',
        size_bytes: 0,
        original_name: name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable(table).set({ upload_id: upload.id }).where('id', '=', doc.id).execute();
  };
  const userDocs = await db
    .selectFrom('documents')
    .innerJoin('document_categories as c', 'c.id', 'documents.category_id')
    .select([
      'documents.id',
      'documents.user_id',
      'documents.number',
      'documents.description_en',
      'documents.document_date',
      'c.name as category',
      'c.name_en as categoryEn',
    ])
    .orderBy('documents.id')
    .execute();
  for (const doc of userDocs) await attach('documents', doc);
  const locationDocs = await db
    .selectFrom('location_documents')
    .innerJoin('document_categories as c', 'c.id', 'location_documents.category_id')
    .select([
      'location_documents.id',
      'location_documents.number',
      'location_documents.description_en',
      'location_documents.document_date',
      'c.name as category',
      'c.name_en as categoryEn',
    ])
    .orderBy('location_documents.id')
    .execute();
  for (const doc of locationDocs) await attach('location_documents', doc);
  return files;
}

/** Draws and stores the demo PDFs, and records their sizes. */
export async function writeDemoDocumentFiles(db: Executor, store: FileStore, files: DemoFile[]) {
  for (const file of files) {
    const pdf = await simplePdf(file.title, file.lines);
    await store.put(file.key, pdf);
    await db
      .updateTable('uploads')
      .set({ size_bytes: pdf.length })
      .where('storage_key', '=', file.key)
      .execute();
  }
}
