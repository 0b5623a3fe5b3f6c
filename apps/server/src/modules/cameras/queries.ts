import { CAMERA_TEST_PATTERN } from '@portal/contract/backoffice-cameras';
import type { Executor } from '../../db/executor.ts';

export async function locationExists(db: Executor, locationId: number): Promise<boolean> {
  const row = await db.selectFrom('locations').select('id').where('id', '=', locationId).executeTakeFirst();
  return row !== undefined;
}

/** Locks a location's row for the rest of the transaction (adding views one at a time). */
export async function lockLocation(db: Executor, locationId: number) {
  await db.selectFrom('locations').select('id').where('id', '=', locationId).forUpdate().execute();
}

export async function streamsOfLocations(db: Executor, locationIds: number[]) {
  return db.selectFrom('camera_streams').selectAll().where('location_id', 'in', locationIds).execute();
}

/** The views of some locations, by location then place. */
export async function viewsOfLocations(db: Executor, locationIds: number[]) {
  return db
    .selectFrom('camera_views')
    .selectAll()
    .where('location_id', 'in', locationIds)
    .orderBy('location_id')
    .orderBy('position')
    .execute();
}

export async function streamOfLocation(db: Executor, locationId: number) {
  return db.selectFrom('camera_streams').selectAll().where('location_id', '=', locationId).executeTakeFirst();
}

export async function streamUrlOfLocation(db: Executor, locationId: number) {
  return db
    .selectFrom('camera_streams')
    .select('stream_url')
    .where('location_id', '=', locationId)
    .executeTakeFirst();
}

export async function hasTestPatternStream(db: Executor, locationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('camera_streams')
    .select('location_id')
    .where('location_id', '=', locationId)
    .where('stream_url', '=', CAMERA_TEST_PATTERN)
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored stream of a proxy key (the test pattern has none to proxy). */
export async function proxiedStreamByKey(db: Executor, proxyKey: string) {
  return db
    .selectFrom('camera_streams')
    .select(['stream_url', 'proxy_key'])
    .where('proxy_key', '=', proxyKey)
    .where('stream_url', '!=', CAMERA_TEST_PATTERN)
    .executeTakeFirst();
}

export async function deleteStream(db: Executor, locationId: number) {
  await db.deleteFrom('camera_streams').where('location_id', '=', locationId).execute();
}

export async function upsertStream(
  db: Executor,
  locationId: number,
  row: { stream_url: string; proxy_key: string; updated_at: Date },
) {
  await db
    .insertInto('camera_streams')
    .values({ location_id: locationId, ...row })
    .onConflict((c) => c.column('location_id').doUpdateSet(row))
    .execute();
}

/** A location's views, by place. */
export async function viewsOfLocation(db: Executor, locationId: number) {
  return db
    .selectFrom('camera_views')
    .selectAll()
    .where('location_id', '=', locationId)
    .orderBy('position')
    .execute();
}

export async function viewPositions(db: Executor, locationId: number) {
  return db.selectFrom('camera_views').select('position').where('location_id', '=', locationId).execute();
}

export async function insertView(
  db: Executor,
  view: {
    locationId: number;
    position: number;
    title: string;
    titleEn: string;
    url: string;
    uploadId: number;
  },
) {
  return db
    .insertInto('camera_views')
    .values({
      location_id: view.locationId,
      position: view.position,
      title: view.title,
      title_en: view.titleEn,
      url: view.url,
      upload_id: view.uploadId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function lockView(db: Executor, id: number) {
  return db.selectFrom('camera_views').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateViewTitles(db: Executor, id: number, titles: { title: string; titleEn: string }) {
  return db
    .updateTable('camera_views')
    .set({ title: titles.title, title_en: titles.titleEn })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteView(db: Executor, id: number) {
  return db.deleteFrom('camera_views').where('id', '=', id).returningAll().executeTakeFirst();
}

/** The location of a proxied live camera, by its proxy key (the media guard's check of a live stream). */
export async function locationOfProxyKey(db: Executor, proxyKey: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('camera_streams')
    .select('location_id')
    .where('proxy_key', '=', proxyKey)
    .executeTakeFirst();
  return row?.location_id;
}

/** The locations showing a looping view at this address (the media guard's check of a clip or an uploaded view). */
export async function locationsOfViewUrl(db: Executor, url: string): Promise<number[]> {
  const rows = await db.selectFrom('camera_views').select('location_id').where('url', '=', url).execute();
  return rows.map((row) => row.location_id);
}
