import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

type Active = { unitId: number; userUnitId: number; locationId: number; part: string; roleCode: string };
type Report = {
  reportDate: string;
  subtitle: string;
  uploads: Array<{ publicUrl: string; mimeType: string }>;
};

describe('media report calls', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  let both: string;
  let actives: Active[];
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender, both] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
      t.signIn('both@example.com'),
    ]);
    actives = (await get('users/actives')).json().actives;
  });
  afterAll(() => t?.close());
  const get = (url: string, token = investor, locale = 'ru') =>
    t.request({ method: 'GET', url: `/api/v1/${url}`, token, headers: { cookie: `cookieLocale=${locale}` } });
  const unitIn = (locationId: number, part = 'main') => {
    const unit = actives.find((a) => a.locationId === locationId && a.part === part);
    if (!unit) throw new Error(`the demo investor has no ${part} unit in ${locationId}`);
    return unit;
  };

  it('answers no reports for a unit without any', async () => {
    const banya = unitIn(1, 'periphery');
    expect((await get(`timeline/report/unit?unitId=${banya.unitId}`)).json().reports).toEqual([]);
  });

  it('lets lenders read the fixed tabs 1, 2, 3, and nothing else', async () => {
    for (const id of [1, 2, 3])
      expect((await get(`timeline/report/location?locationId=${id}`, lender)).statusCode, String(id)).toBe(
        200,
      );
    // Location 7 is no lender tab and the lender has nothing there.
    expect((await get('timeline/report/location?locationId=7', lender)).statusCode).toBe(404);
  });

  it('answers whole-location reports newest first with sanitized HTML, photos and videos', async () => {
    const response = await get('timeline/report/location?locationId=1');
    expect(response.statusCode).toBe(200);
    const reports: Report[] = response.json().reports;
    expect(reports).toHaveLength(6);
    const dates = reports.map((r) => r.reportDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const r of reports) {
      expect(r.subtitle).not.toMatch(/<script|onerror|javascript:/i);
      expect(r.uploads.length).toBeGreaterThan(0);
    }
    const uploads = reports.flatMap((r) => r.uploads);
    const video = uploads.find((u) => u.mimeType === 'VIDEO');
    const photo = uploads.find((u) => u.mimeType !== 'VIDEO');
    expect((await t.request({ method: 'GET', url: video?.publicUrl ?? '' })).headers['content-type']).toBe(
      'video/mp4',
    );
    const picture = await t.request({ method: 'GET', url: photo?.publicUrl ?? '' });
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.body).toContain('<svg');
    // Location 7 has no whole-location reports yet.
    expect((await get('timeline/report/location?locationId=7')).json().reports).toEqual([]);
  });

  it("answers a unit's own reports", async () => {
    const unit = unitIn(2);
    const reports: Report[] = (await get(`timeline/report/unit?unitId=${unit.unitId}`)).json().reports;
    expect(reports).toHaveLength(2);
    expect((reports[0]?.reportDate ?? '') > (reports[1]?.reportDate ?? '')).toBe(true);
  });

  it("answers 404 for another user's unit and location", async () => {
    const unit = unitIn(3);
    expect((await get(`timeline/report/unit?unitId=${unit.unitId}`, both)).statusCode).toBe(404);
    expect((await get('timeline/report/location?locationId=666', lender)).statusCode).toBe(404);
  });

  it('answers 400 with a message in the language of the user for bad ids', async () => {
    for (const query of [
      'report/unit',
      'report/unit?unitId=-3',
      'report/location?locationId=1.5',
      'report/location?locationId=99999999999999999999',
    ]) {
      const response = await get(`timeline/${query}`, investor, 'en');
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBeTruthy();
    }
    const ru = await get('timeline/report/unit?unitId=abc');
    expect(ru.json().error.fields.unitId).toBe('Неверное значение');
    const en = await get('timeline/report/unit', investor, 'en');
    expect(en.json().error.fields.unitId).not.toBe('Неверное значение');
  });

  it('documents the two calls and their answer in the OpenAPI description', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['report/unit', 'report/location'])
      expect(doc.paths[`/api/v1/timeline/${path}`]?.get, path).toBeDefined();
    expect(Object.keys(doc.components.schemas.MediaReports.properties)).toEqual(['reports']);
  });

  it('requires a sign-in and serves only demo picture names', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/timeline/report/location?locationId=1' })).statusCode,
    ).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/v1/media/reports/..%2Fx' })).statusCode).toBe(404);
  });
});
