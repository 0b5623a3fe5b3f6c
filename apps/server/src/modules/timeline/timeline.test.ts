import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

type Active = { unitId: number; userUnitId: number; locationId: number; part: string; roleCode: string };
type Stage = {
  constructionStageId: number;
  constructionStatusId: number;
  constructionStatusName: string;
  isParent: boolean;
  groupId: number | null;
  finishDate: string | null;
};

describe('timeline calls', () => {
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

  it("answers a unit's capitalization in rubles and its stages with parents, groups and statuses", async () => {
    const unit = unitIn(1);
    const response = await get(`timeline/get-timeline?userUnitId=${unit.userUnitId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ userUnitId: unit.userUnitId, unitId: unit.unitId });
    expect(body.capitalizationStageName).toBe('Эксплуатация');
    // 9,800,000 ₽ invested: capitalization ×1.18, market ×1.27, rubles in JSON.
    expect(body.capitalizationPrice).toBe(11_564_000);
    expect(body.marketPrice).toBe(12_446_000);
    const list: Stage[] = body.constructionList;
    expect(new Set(list.map((s) => s.constructionStatusId))).toEqual(new Set([0, 1, 2, 3, 4]));
    const purchase = list.find((s) => s.constructionStatusId === 4);
    expect(purchase).toMatchObject({ constructionStatusName: 'Покупка', finishDate: '2023-03-14' });
    const parent = list.find((s) => s.isParent);
    const children = list.filter((s) => s.groupId === parent?.constructionStageId);
    expect(children.map((s) => s.constructionStageId)).toEqual([
      (parent?.constructionStageId ?? 0) + 1,
      (parent?.constructionStageId ?? 0) + 2,
      (parent?.constructionStageId ?? 0) + 3,
    ]);
    for (const child of children) expect(child.isParent).toBe(false);
    expect(list.filter((s) => s.groupId !== null)).toHaveLength(children.length);
  });

  it('answers an empty timeline for a unit without one', async () => {
    const banya = unitIn(1, 'periphery');
    const body = (await get(`timeline/get-timeline?userUnitId=${banya.userUnitId}`)).json();
    expect(body.constructionList).toEqual([]);
    expect(body.capitalizationStageName).toBeNull();
    expect(body.capitalizationPrice).toBeNull();
  });

  it("answers a location's nested timeline and, for owners, its periphery stages", async () => {
    const body = (await get('timeline/get-timeline-location?locationId=1')).json();
    const levels = body.timeline.map((i: { level: number }) => i.level);
    expect(levels[0]).toBe(1);
    expect(new Set(levels)).toEqual(new Set([1, 2, 3]));
    const seqs = body.timeline.map((i: { seq: number }) => i.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(body.peripheryStages.length).toBeGreaterThan(0);
    const stage = body.peripheryStages[0];
    expect(stage.list.length).toBeGreaterThan(0);
    expect(stage.list[0].innerList.length).toBeGreaterThan(0);
    expect(stage).toHaveProperty('constructionStageDescription');
    // Location 3 has no outbuildings.
    expect((await get('timeline/get-timeline-location?locationId=3')).json().peripheryStages).toEqual([]);
  });

  it('lets lenders read the fixed tabs 1, 2, 3 without periphery stages, and nothing else', async () => {
    for (const id of [1, 2, 3]) {
      const response = await get(`timeline/get-timeline-location?locationId=${id}`, lender);
      expect(response.statusCode, String(id)).toBe(200);
      expect(response.json().timeline.length).toBeGreaterThan(0);
      expect(response.json().peripheryStages).toEqual([]);
    }
    // Location 7 is no lender tab and the lender has nothing there.
    expect((await get('timeline/get-timeline-location?locationId=7', lender)).statusCode).toBe(404);
    // The user with both roles owns a unit in 2: periphery stages come with it.
    expect(
      (await get('timeline/get-timeline-location?locationId=2', both)).json().peripheryStages,
    ).not.toEqual([]);
  });

  it("answers 404 for another user's unit, unit link and location", async () => {
    const unit = unitIn(3);
    const foreign = await get(`timeline/get-timeline?userUnitId=${unit.userUnitId}`, lender, 'en');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Not found');
    expect((await get('timeline/get-timeline?userUnitId=99999999')).statusCode).toBe(404);
    const other = await get('timeline/get-timeline-location?locationId=3', both);
    // The user with both roles lends to location 3 (a loan): readable; 666 is a placeholder.
    expect(other.statusCode).toBe(200);
    expect((await get('timeline/get-timeline-location?locationId=666')).statusCode).toBe(404);
  });

  it('answers 400 with a message in the language of the user for bad ids', async () => {
    for (const query of [
      'get-timeline',
      'get-timeline?userUnitId=abc',
      'get-timeline-location?locationId=0',
    ]) {
      const response = await get(`timeline/${query}`, investor, 'en');
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBeTruthy();
    }
    const ru = await get('timeline/get-timeline?userUnitId=abc');
    expect(ru.json().error.fields.userUnitId).toBe('Неверное значение');
    const en = await get('timeline/get-timeline', investor, 'en');
    expect(en.json().error.fields.userUnitId).not.toBe('Неверное значение');
  });

  it('documents the two calls and their answers in the OpenAPI description', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['get-timeline', 'get-timeline-location'])
      expect(doc.paths[`/api/v1/timeline/${path}`]?.get, path).toBeDefined();
    expect(Object.keys(doc.components.schemas.LocationTimeline.properties)).toContain('peripheryStages');
  });

  it('requires a sign-in', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/timeline/get-timeline-location?locationId=1' }))
        .statusCode,
    ).toBe(401);
  });
});
