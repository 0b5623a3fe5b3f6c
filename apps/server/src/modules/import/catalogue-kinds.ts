import { z } from 'zod';
import { parseLocationInfo } from '../catalogue/location-info.ts';
import { ensureUnitListItem } from '../catalogue/service.ts';
import { choice, day, idCell, PART_WORDS, readDecimal, readYesNo } from './cells.ts';
import type { ImportKind } from './kinds.ts';
import * as q from './queries.ts';

/**
 * Import kinds of the catalogue: locations by their id, units by location and unit number. Like the
 * console (modules/catalogue), a unit's type and stage come from the managed lists (a new name makes a new entry).
 * Rows are few (a company has tens of locations and hundreds of units), so they land one by one, each compared
 * with what is stored first: importing the same file again changes nothing.
 */

const empty = (value: unknown) => value === '' || value === null || value === undefined;
const text = (max: number) => z.coerce.string().trim().min(1).max(max);
const optionalText = (max: number) => z.coerce.string().trim().max(max).optional().default('');
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (empty(value) ? undefined : value), schema.optional());
/** Yes or no (an empty cell is no). */
const yesNo = z.preprocess((value) => (empty(value) ? false : readYesNo(value)), z.boolean());
const decimal = (max: number) => z.preprocess(readDecimal, z.number().min(0).max(max));

/** 'Ресторан=6|СПА-центр=1': names with counts, `|` between items (a missing count is 1). */
const infrastructureList = z.preprocess(
  (value) =>
    empty(value)
      ? []
      : String(value)
          .split('|')
          .map((item) => item.trim())
          .filter(Boolean),
  // Checked as a whole, so a problem names the column (not an item of it).
  z
    .array(z.string())
    .max(50)
    .transform((items, context) => {
      const parsed = items.map((item) => {
        const match = /^(.*?)(?:\s*=\s*(\d+))?$/.exec(item);
        return { name: match?.[1]?.trim() ?? '', count: match?.[2] ? Number(match[2]) : 1 };
      });
      if (parsed.some(({ name, count }) => !name || name.length > 200 || count < 1 || count > 10_000)) {
        context.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
      return parsed;
    }),
);
const nameList = z.preprocess(
  (value) =>
    empty(value)
      ? []
      : String(value)
          .split('|')
          .map((item) => item.trim()),
  z.array(z.string().max(200)).max(50),
);

const locationRow = z.object({
  id: idCell,
  name: text(200),
  nameEn: optionalText(200),
  position: optional(z.coerce.number().int().min(0).max(100_000)),
  existsMain: yesNo,
  existsPeriphery: yesNo,
  placeholder: yesNo,
  distanceKm: optional(decimal(100_000)),
  description: optionalText(2000),
  descriptionEn: optionalText(2000),
  infrastructure: infrastructureList,
  infrastructureEn: nameList,
});
type LocationRow = z.output<typeof locationRow>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const locations: ImportKind<LocationRow> = {
  columns: [
    'id',
    'name',
    'nameEn',
    'position',
    'existsMain',
    'existsPeriphery',
    'placeholder',
    'distanceKm',
    'description',
    'descriptionEn',
    'infrastructure',
    'infrastructureEn',
  ],
  schema: locationRow as unknown as z.ZodType<LocationRow>,
  key: (row) => String(row.id),
  async references(db) {
    // A location that has units cannot become a "coming soon" entry.
    const withUnits = new Set((await q.locationIdsWithUnits(db)).map((r) => r.location_id));
    return (row) =>
      row.placeholder && withUnits.has(row.id)
        ? { field: 'placeholder', key: 'catalogue.placeholderUnits' }
        : null;
  },
  async upsert(db, rows) {
    let inserted = 0;
    let updated = 0;
    for (const row of rows) {
      const info = {
        distanceKm: row.distanceKm ?? null,
        description: row.description,
        descriptionEn: row.descriptionEn || row.description,
        infrastructure: row.infrastructure.map((item, i) => ({
          name: item.name,
          nameEn: row.infrastructureEn[i] || item.name,
          count: item.count,
        })),
      };
      const values = {
        name: row.name,
        name_en: row.nameEn || row.name,
        exists_main: row.existsMain,
        exists_periphery: row.existsPeriphery,
        is_placeholder: row.placeholder,
      };
      const current = await q.locationById(db, row.id);
      if (!current) {
        const position = row.position ?? (await q.nextLocationPosition(db));
        await q.insertLocation(db, { id: row.id, ...values, position, info: JSON.stringify(info) });
        inserted += 1;
        continue;
      }
      const stored = parseLocationInfo(current.info);
      const unchanged =
        current.name === values.name &&
        current.name_en === values.name_en &&
        current.exists_main === values.exists_main &&
        current.exists_periphery === values.exists_periphery &&
        current.is_placeholder === values.is_placeholder &&
        (row.position === undefined || row.position === current.position) &&
        (stored.distanceKm ?? null) === info.distanceKm &&
        stored.description === info.description &&
        stored.descriptionEn === info.descriptionEn &&
        same(stored.infrastructure, info.infrastructure);
      if (unchanged) continue;
      await q.updateLocation(db, row.id, {
        ...values,
        ...(row.position === undefined ? {} : { position: row.position }),
        info: JSON.stringify({ ...(current.info as object), ...info }),
      });
      updated += 1;
    }
    return { inserted, updated };
  },
};

/** Photos: https links or the portal's own picture paths, `|` or spaces between them. */
const photoUrls = z.preprocess(
  (value) =>
    empty(value)
      ? undefined
      : Array.isArray(value)
        ? value
        : String(value)
            .split(/[|\s]+/)
            .filter(Boolean),
  z
    .array(z.string())
    .max(20)
    .refine(
      (urls) =>
        urls.every(
          (url) =>
            url.length <= 500 && (/^https:\/\/\S+$/i.test(url) || /^\/api\/v1\/[A-Za-z0-9/_.-]+$/.test(url)),
        ),
      { message: 'catalogue.photoUrl' },
    )
    .optional(),
);

/** The address prefix of photos uploaded in the console (modules/catalogue). */
const UPLOADED = '/api/v1/files/units/';

const unitRow = z.object({
  locationId: idCell,
  unitNumber: text(50),
  part: choice(['main', 'periphery'], PART_WORDS),
  type: text(200),
  typeEn: optionalText(200),
  name: text(200),
  nameEn: optionalText(200),
  capacity: z.coerce.number().int().min(0).max(1000),
  area: decimal(100_000),
  stage: optionalText(200),
  stageEn: optionalText(200),
  dateOfLaunch: optional(day),
  photos: photoUrls,
});
type UnitRow = z.output<typeof unitRow>;

export const units: ImportKind<UnitRow> = {
  columns: [
    'locationId',
    'unitNumber',
    'part',
    'type',
    'typeEn',
    'name',
    'nameEn',
    'capacity',
    'area',
    'stage',
    'stageEn',
    'dateOfLaunch',
    'photos',
  ],
  schema: unitRow as unknown as z.ZodType<UnitRow>,
  key: (row) => `${row.locationId}:${row.unitNumber}`,
  async references(db) {
    const rows = await q.locationPlaceholderFlags(db);
    const known = new Map(rows.map((r) => [r.id, r.is_placeholder]));
    return (row) => {
      const placeholder = known.get(row.locationId);
      if (placeholder === undefined) return { field: 'locationId', key: 'import.unknown' };
      if (placeholder) return { field: 'locationId', key: 'catalogue.placeholderUnits' };
      return null;
    };
  },
  async upsert(db, rows) {
    let inserted = 0;
    let updated = 0;
    for (const row of rows) {
      // A type or stage named for the first time joins its list; a known one keeps the list's English name.
      const type = await ensureUnitListItem(db, 'unit_types', row.type, row.typeEn);
      const stage = row.stage ? await ensureUnitListItem(db, 'unit_stages', row.stage, row.stageEn) : null;
      const values = {
        part: row.part,
        type_id: type.id,
        unit_type: type.name,
        unit_type_en: type.name_en,
        name: row.name,
        name_en: row.nameEn || row.name,
        capacity: row.capacity,
        area: Math.round(row.area * 100) / 100,
        stage_id: stage?.id ?? null,
        stage: stage?.name ?? '',
        stage_en: stage?.name_en ?? '',
        date_of_launch: row.dateOfLaunch ?? null,
      };
      const current = await q.unitByNumber(db, row.locationId, row.unitNumber);
      if (!current) {
        await q.insertUnit(db, {
          location_id: row.locationId,
          unit_number: row.unitNumber,
          ...values,
          image_urls: JSON.stringify((row.photos ?? []).filter((url) => !url.startsWith(UPLOADED))),
        });
        inserted += 1;
      } else {
        // An empty photos cell keeps the unit's photos. A filled one sets the links, and the photos uploaded in the
        // console stay after them (they are deleted in the console, which also removes their files); an uploaded
        // photo of another unit is not taken.
        const own = (url: string) => !url.startsWith(UPLOADED) || current.image_urls.includes(url);
        const listed = row.photos?.filter(own);
        const photos =
          listed === undefined
            ? current.image_urls
            : [
                ...listed,
                ...current.image_urls.filter((url) => url.startsWith(UPLOADED) && !listed.includes(url)),
              ];
        const unchanged =
          (Object.keys(values) as Array<keyof typeof values>).every((k) =>
            k === 'area' ? Number(current.area) === values.area : current[k] === values[k],
          ) && same(current.image_urls, photos);
        if (unchanged) continue;
        await q.updateUnit(db, current.id, { ...values, image_urls: JSON.stringify(photos) });
        updated += 1;
      }
      await q.markLocationPart(db, row.locationId, row.part);
    }
    return { inserted, updated };
  },
};
