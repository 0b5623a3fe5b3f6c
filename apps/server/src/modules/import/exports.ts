import type { ImportKindCode } from '@portal/contract/backoffice';
import type { Locale } from '@portal/contract/constants';
import type { Executor } from '../../db/executor.ts';
import type { Scope } from '../access/service.ts';
import { parseLocationInfo } from '../catalogue/location-info.ts';
import { exampleLoan } from '../loans/service.ts';
import { type ExampleIds, type ExampleRow, kindCsv, templateCsv } from './columns.ts';
import type { RowProblem } from './kinds.ts';
import { LENDER_EXPORTS } from './lender-kinds.ts';
import { exportLocationDocumentRows } from './location-document-kind.ts';
import * as q from './queries.ts';

/**
 * A kind's stored rows in its import's columns, so a company downloads them, fixes them in a spreadsheet and loads
 * the file again: an unchanged export imports as no change. Rows the import cannot match again (kept here without
 * the outside system's id) are left out.
 */
const EXPORTS: Record<ImportKindCode, (db: Executor) => Promise<ExampleRow[]>> = {
  async bookings(db) {
    return (await q.exportBookings(db)).map((b) => ({
      externalId: b.external_id,
      unitId: b.unit_id,
      startsAt: b.starts_at,
      endsAt: b.ends_at,
      status: b.status,
      guests: b.guest_amount,
      sourceId: b.source_id,
      paid: b.paid_kopecks,
      sum: b.sum_kopecks,
    }));
  },
  async incomes(db) {
    return (await q.exportIncomes(db)).map((i) => ({
      userId: i.user_id,
      unitId: i.unit_id,
      month: i.year_month,
      amount: i.amount_kopecks,
    }));
  },
  async outcomes(db) {
    return (await q.exportOutcomeRows(db)).map((o) => ({
      externalId: o.external_id,
      locationId: o.location_id,
      part: o.part,
      date: o.row_date,
      categoryId: o.category_id,
      article: o.article,
      articleEn: o.article_en,
      amount: o.amount_kopecks,
    }));
  },
  async inventory(db) {
    const photos = new Map<number, string[]>();
    for (const photo of await q.exportInventoryPhotos(db)) {
      const list = photos.get(Number(photo.item_id)) ?? [];
      list.push(photo.url);
      photos.set(Number(photo.item_id), list);
    }
    return (await q.exportInventory(db)).map((i) => ({
      unitId: i.unit_id,
      invNumber: i.inv_number,
      name: i.name,
      nameEn: i.name_en,
      cost: i.cost_kopecks,
      status: i.inv_status,
      date: i.inv_date,
      spaceId: i.space_id,
      spaceName: i.space_name,
      spaceNameEn: i.space_name_en,
      photos: (photos.get(Number(i.id)) ?? []).join('|'),
    }));
  },
  async inspections(db) {
    return (await q.exportInspections(db)).map((i) => ({
      inspectionId: i.external_id,
      locationId: i.location_id,
      kind: i.kind,
      name: i.pattern_name,
      nameEn: i.pattern_name_en,
      date: i.inspection_date,
      completed: i.is_completed,
      listName: i.list_name,
      listNameEn: i.list_name_en,
      position: i.position,
      group: i.group_title,
      groupEn: i.group_title_en,
      subgroup: i.subgroup_title,
      subgroupEn: i.subgroup_title_en,
      check: i.test,
      checkEn: i.test_en,
      result: i.status === null ? null : i.status === 1,
      photos: (i.media ?? []).map((m) => m.url).join('|'),
    }));
  },
  async timelines(db) {
    const heads = new Map((await q.exportUnitTimelines(db)).map((t) => [Number(t.unit_id), t]));
    const rows: ExampleRow[] = [];
    for (const s of await q.exportUnitStages(db)) {
      const head = heads.get(Number(s.unit_id));
      // The unit's capitalization rides on its first stage row, where the import reads it.
      heads.delete(Number(s.unit_id));
      rows.push({
        scope: 'unit',
        unitId: s.unit_id,
        locationId: null,
        seq: s.seq,
        level: s.level,
        name: s.name,
        nameEn: s.name_en,
        status: s.status,
        finishDate: s.finish_date,
        description: s.description,
        descriptionEn: s.description_en,
        capitalizationStage: head?.capitalization_stage_name,
        capitalizationStageEn: head?.capitalization_stage_name_en,
        capitalizationPrice: head?.capitalization_price_kopecks,
        marketPrice: head?.market_price_kopecks,
        capitalizationDescription: head?.description,
        capitalizationDescriptionEn: head?.description_en,
      });
    }
    for (const s of await q.exportLocationStages(db)) {
      rows.push({
        scope: s.kind,
        unitId: null,
        locationId: s.location_id,
        seq: s.seq,
        level: s.level,
        name: s.name,
        nameEn: s.name_en,
        status: s.status,
        finishDate: s.finish_date,
        description: s.description,
        descriptionEn: s.description_en,
      });
    }
    return rows;
  },
  async locations(db) {
    return (await q.exportLocations(db)).map((l) => {
      const info = parseLocationInfo(l.info);
      return {
        id: l.id,
        name: l.name,
        nameEn: l.name_en,
        position: l.position,
        existsMain: l.exists_main,
        existsPeriphery: l.exists_periphery,
        placeholder: l.is_placeholder,
        distanceKm: info.distanceKm ?? null,
        description: info.description,
        descriptionEn: info.descriptionEn,
        infrastructure: info.infrastructure.map((item) => `${item.name}=${item.count}`).join('|'),
        infrastructureEn: info.infrastructure.map((item) => item.nameEn).join('|'),
      };
    });
  },
  async units(db) {
    return (await q.exportUnits(db)).map((u) => ({
      locationId: u.location_id,
      unitNumber: u.unit_number,
      part: u.part,
      type: u.unit_type,
      typeEn: u.unit_type_en,
      name: u.name,
      nameEn: u.name_en,
      capacity: u.capacity,
      area: Number(u.area),
      stage: u.stage,
      stageEn: u.stage_en,
      dateOfLaunch: u.date_of_launch,
      photos: u.image_urls.join('|'),
    }));
  },
  ...LENDER_EXPORTS,
  locationDocuments: exportLocationDocumentRows,
};

/**
 * The export of a kind as the CSV of the user's language, with the rows the console user may import: `rowCheck` is
 * the import's own scope check (backoffice/import-scope.ts), so an export never shows another manager's clients.
 */
export async function exportCsv(
  db: Executor,
  kind: ImportKindCode,
  locale: Locale,
  rowCheck: (row: Record<string, unknown>) => RowProblem | null,
): Promise<string> {
  const rows = (await EXPORTS[kind](db)).filter((row) => rowCheck(row) === null);
  return kindCsv(kind, rows, locale);
}

/** The ids a template's examples name: the portal's own where it has some. */
export async function templateIds(db: Executor, scope: Scope, now: Date): Promise<ExampleIds> {
  const [found, loan] = await Promise.all([q.exampleIds(db, scope), exampleLoan(db, scope)]);
  return {
    unitId: Number(found.unit?.id ?? 1),
    locationId: Number(found.location?.id ?? 1),
    ownerId: Number(found.link?.user_id ?? 1),
    ownedUnitId: Number(found.link?.unit_id ?? 1),
    sourceId: Number(found.source?.id ?? 0),
    categoryId: Number(found.category?.id ?? 1),
    documentCategoryId: Number(found.documentCategory?.id ?? 1),
    loanId: Number(loan?.id ?? 1),
    lenderId: Number(loan?.user_id ?? 1),
    newLocationId: found.nextLocationId,
    year: now.getUTCFullYear() + 1,
  };
}

export async function kindTemplate(
  db: Executor,
  kind: ImportKindCode,
  locale: Locale,
  scope: Scope,
  now: Date,
): Promise<string> {
  return templateCsv(kind, locale, await templateIds(db, scope, now));
}
