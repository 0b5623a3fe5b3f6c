import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { pinnedNow } from '../../test/pinned-today.ts';

type Inspection = {
  id: number;
  inspectionDate: string;
  statFails: number;
  percent: number | null;
  factRate: number | null;
  maxRate: number;
  isCompleted: boolean;
  inspectionLabel: string;
  inspectionLabelEn: string;
  result: string;
  inspectionType: { id: number; label: string; labelEn: string; color: string };
};

describe('inspection calls', () => {
  let t: TestApp;
  let investor: string;
  let lender: string;
  beforeAll(async () => {
    t = await startTestApp();
    [investor, lender] = await Promise.all([
      t.signIn('investor@example.com'),
      t.signIn('lender@example.com'),
    ]);
  });
  afterAll(() => t?.close());
  const get = (url: string, token = investor, locale = 'ru') =>
    t.request({ method: 'GET', url: `/api/v1/${url}`, token, headers: { cookie: `cookieLocale=${locale}` } });

  it("answers a location's summary with completed checks newest first and upcoming ones soonest first", async () => {
    const response = await get('check-office/get-location-inspections?locationId=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const completed: Inspection[] = body.completedInspections;
    const upcoming: Inspection[] = body.upcomingInspections;
    expect(completed).toHaveLength(10);
    expect(upcoming).toHaveLength(3);
    expect(body.finishedInspectionCount).toBe(10);
    expect(body.lastInspectionDate).toBe(completed[0]?.inspectionDate);
    const times = completed.map((i) => Date.parse(i.inspectionDate));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const now = pinnedNow().getTime();
    expect(Math.max(...times)).toBeLessThan(now);
    for (const i of upcoming) {
      expect(Date.parse(i.inspectionDate)).toBeGreaterThan(now);
      expect(i.factRate).toBeNull();
      expect(i.percent).toBeNull();
      expect(i.result).toBe('');
    }
    for (const i of completed) {
      expect(i.factRate).not.toBeNull();
      expect(i.statFails).toBe(i.maxRate - (i.factRate ?? 0));
      expect(i.percent).toBe(Math.ceil(((i.factRate ?? 0) * 100) / i.maxRate));
      expect(i.result).toBe(`${i.factRate}/${i.maxRate} (${i.percent}%)`);
    }
    // The spec's inspectionType {label, color} (with the English label and the filter id) and inspectionLabel.
    const types = new Map([...completed, ...upcoming].map((i) => [i.inspectionType.id, i.inspectionType]));
    expect([...types.keys()].sort()).toEqual([1, 2, 3]);
    expect(types.get(1)).toEqual({
      id: 1,
      label: 'Материальная база',
      labelEn: 'Material base',
      color: '#2f9e44',
    });
    expect(types.get(2)).toEqual({
      id: 2,
      label: 'Контроль сервиса',
      labelEn: 'Service control',
      color: '#1c7ed6',
    });
    expect(types.get(3)).toEqual({ id: 3, label: 'Другое', labelEn: 'Other', color: '#f08c00' });
    for (const i of [...completed, ...upcoming]) {
      expect(i.inspectionLabel).toMatch(/чек-лист/i);
      expect(i.inspectionLabelEn).toMatch(/checklist/i);
    }
    const mean = completed.reduce((s, i) => s + (i.percent ?? 0), 0) / completed.length;
    expect(body.averageResult).toBe(Math.round(mean));
  });

  it('answers an empty summary for a location without completed checks', async () => {
    const body = (await get('check-office/get-location-inspections?locationId=7')).json();
    expect(body.completedInspections).toEqual([]);
    expect(body.finishedInspectionCount).toBe(0);
    expect(body.averageResult).toBeNull();
    expect(body.lastInspectionDate).toBeNull();
    expect(body.upcomingInspections.length).toBeGreaterThan(0);
  });

  it('gives the checklist as groups, subgroups and checks whose counts agree with the result', async () => {
    const list = (await get('check-office/get-location-inspections?locationId=2')).json();
    const withFails = (list.completedInspections as Inspection[]).find((i) => i.statFails > 0);
    expect(withFails).toBeDefined();
    const response = await get(`check-office/get-inspection?inspectionId=${withFails?.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.inspectionListName).not.toBe('');
    expect(detail.groups.map((g: { title: string }) => g.title)).toEqual([
      'Номерной фонд',
      'Территория',
      'Сервис',
    ]);
    const checks = detail.groups.flatMap((g: { tests: Array<{ testsList: unknown[] }> }) =>
      g.tests.flatMap((s) => s.testsList),
    ) as Array<{ status: number; media: Array<{ url: string }> }>;
    expect(checks).toHaveLength(detail.inspectionMaxRate);
    expect(checks.filter((c) => c.status === 1)).toHaveLength(detail.inspectionFactRate);
    expect(detail.inspectionFails).toHaveLength(withFails?.statFails ?? -1);
    expect(detail.successPercentage).toBe(withFails?.percent);
    // Every failed check has a photo, and the photo is served.
    const failed = checks.filter((c) => c.status === 0);
    for (const c of failed) expect(c.media.length).toBeGreaterThan(0);
    // The same checklist as the spec's items tree: name, children, photos, videos[url].
    type Item = {
      name: string;
      nameEn: string;
      status: number | null;
      photos: string[];
      videos: Array<{ url: string }>;
      children: Item[];
    };
    const items: Item[] = detail.items;
    expect(items.map((g) => g.name)).toEqual(['Номерной фонд', 'Территория', 'Сервис']);
    expect(items[0]?.nameEn).toBe('Rooms');
    expect(items[0]?.children.map((s) => s.name)).toEqual(['Спальня', 'Санузел']);
    const leaves = items.flatMap((g) => g.children.flatMap((s) => s.children));
    expect(leaves).toHaveLength(checks.length);
    leaves.forEach((leaf, n) => {
      const check = checks[n] as { status: number; media: Array<{ url: string; isVideo: boolean }> };
      expect(leaf.status).toBe(check.status);
      expect(leaf.children).toEqual([]);
      expect(leaf.photos).toEqual(check.media.filter((m) => !m.isVideo).map((m) => m.url));
      expect(leaf.videos).toEqual(check.media.filter((m) => m.isVideo).map((m) => ({ url: m.url })));
    });
    expect(items.every((g) => g.status === null && g.photos.length === 0 && g.videos.length === 0)).toBe(
      true,
    );
    const photo = await t.request({ method: 'GET', url: failed[0]?.media[0]?.url ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toContain('image/svg+xml');
    expect(photo.body).toContain('<svg');
  });

  it('an upcoming inspection has no checklist and no result', async () => {
    const list = (await get('check-office/get-location-inspections?locationId=1')).json();
    const detail = (
      await get(`check-office/get-inspection?inspectionId=${list.upcomingInspections[0].id}`)
    ).json();
    expect(detail.groups).toEqual([]);
    expect(detail.items).toEqual([]);
    expect(detail.inspectionFactRate).toBeNull();
    expect(detail.successPercentage).toBeNull();
  });

  it("answers 404 for another user's location and inspection", async () => {
    // The lender holds loans in locations 1 and 2 only.
    expect((await get('check-office/get-location-inspections?locationId=1', lender)).statusCode).toBe(200);
    const other = await get('check-office/get-location-inspections?locationId=3', lender);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Не найдено');
    const third = (await get('check-office/get-location-inspections?locationId=3')).json();
    const id = third.completedInspections[0].id;
    expect((await get(`check-office/get-inspection?inspectionId=${id}`)).statusCode).toBe(200);
    const foreign = await get(`check-office/get-inspection?inspectionId=${id}`, lender, 'en');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Not found');
    expect((await get('check-office/get-inspection?inspectionId=99999999')).statusCode).toBe(404);
    expect((await get('check-office/get-location-inspections?locationId=666')).statusCode).toBe(404);
  });

  it('answers 400 with a message in the language of the user for bad ids', async () => {
    for (const query of [
      'get-location-inspections',
      'get-location-inspections?locationId=abc',
      'get-location-inspections?locationId=0',
      'get-inspection?inspectionId=-4',
      'get-inspection?inspectionId=1.5',
      'get-inspection?inspectionId=99999999999999999999',
    ]) {
      const response = await get(`check-office/${query}`, investor, 'en');
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBeTruthy();
    }
    const ru = await get('check-office/get-inspection?inspectionId=abc');
    expect(ru.json().error.fields.inspectionId).toBe('Неверное значение');
  });

  it('requires a sign-in', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/check-office/get-location-inspections?locationId=1' }))
        .statusCode,
    ).toBe(401);
  });

  it('serves only demo photo names', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/media/checks/..%2Fsecret' })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: '/api/v1/media/checks/check-1-1.svg' })).statusCode).toBe(
      200,
    );
  });
});
