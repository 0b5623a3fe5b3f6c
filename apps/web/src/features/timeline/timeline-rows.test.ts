import type { ConstructionStage, TimelineStatusId, UnitTimeline } from '@portal/contract/timeline';
import { describe, expect, it } from 'vitest';
import { investorTabs, lenderTabs, nestLocationTimeline, pickLenderTab, timelineRows } from './timeline-rows';

const stage = (
  id: number,
  status: TimelineStatusId,
  extra: Partial<ConstructionStage> = {},
): ConstructionStage => ({
  constructionStageId: id,
  constructionStageName: `Этап ${id}`,
  constructionStageNameEn: `Stage ${id}`,
  constructionStatusName: '',
  constructionStatusNameEn: '',
  constructionStatusId: status,
  constructionStageDescription: '',
  constructionStageDescriptionEn: '',
  finishDate: `2026-0${id}-01`,
  isParent: false,
  groupId: null,
  ...extra,
});

const timeline = (list: ConstructionStage[]): UnitTimeline => ({
  userUnitId: 1,
  unitId: 1,
  capitalizationStageName: 'Эксплуатация',
  capitalizationStageNameEn: 'Operation',
  capitalizationPrice: 11_564_000,
  marketPrice: 12_446_000,
  capitalizationStageDescription: '',
  capitalizationStageDescriptionEn: '',
  constructionList: list,
});

describe('unit timeline rows', () => {
  it('puts sub-stages under their parent, stars milestones and marks the purchase stage as the priced header', () => {
    const rows = timelineRows(
      timeline([
        stage(1, 4),
        stage(2, 3, { isParent: true }),
        stage(5, 2),
        stage(3, 3, { groupId: 2 }),
        stage(4, 1, { groupId: 2 }),
        stage(6, 0),
      ]),
    );
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.map((r) => r.isChild)).toEqual([false, false, true, true, false, false]);
    expect(rows.filter((r) => r.isStar).map((r) => r.id)).toEqual([1, 2]);
    expect(rows.filter((r) => r.isHeader).map((r) => r.id)).toEqual([1]);
    expect(rows.filter((r) => r.isLast).map((r) => r.id)).toEqual([6]);
    expect(rows[0]).toMatchObject({ status: 4, capitalizationPrice: 11_564_000, marketPrice: 12_446_000 });
    expect(rows.slice(1).every((r) => r.marketPrice === null)).toBe(true);
  });

  it('prices the first row when there is no purchase stage, and keeps orphans at the top level', () => {
    const rows = timelineRows(timeline([stage(1, 3), stage(2, 2, { groupId: 99 })]));
    expect(rows[0]?.capitalizationPrice).toBe(11_564_000);
    expect(rows[1]?.isChild).toBe(false);
    expect(timelineRows(timeline([]))).toEqual([]);
  });
});

describe('location timeline nesting', () => {
  const item = (seq: number, level: number) => ({
    seq,
    level,
    constructionStageName: `${seq}`,
    constructionStageNameEn: `${seq}`,
    finishDate: null,
    constructionStageDescription: '',
    constructionStageDescriptionEn: '',
    constructionStatusId: 0 as const,
  });
  it('nests levels 1–3 by order', () => {
    const tree = nestLocationTimeline([
      item(4, 1),
      item(1, 1),
      item(2, 2),
      item(3, 3),
      item(5, 2),
      item(6, 3),
    ]);
    const shape = (nodes: ReturnType<typeof nestLocationTimeline>): unknown =>
      nodes.map((n) => [n.item.seq, shape(n.children)]);
    expect(shape(tree)).toEqual([
      [1, [[2, [[3, []]]]]],
      [4, [[5, [[6, []]]]]],
    ]);
  });
});

describe('timeline tabs', () => {
  const units = [
    { unitId: 10, userUnitId: 100, unitName: 'А', unitNameEn: 'A', locationId: 1 },
    { unitId: 11, userUnitId: 101, unitName: 'Б', unitNameEn: 'B', locationId: 2 },
  ];
  it('gives investors the whole location (1488) and their units of the location', () => {
    expect(investorTabs(1, units)).toEqual([
      { id: 1488, label: null, labelEn: null, reportUnitId: null, locationId: 1 },
      { id: 100, label: 'А', labelEn: 'A', reportUnitId: 10, locationId: 1 },
    ]);
  });
  it('gives lenders the fixed tabs 1, 2, 3 and uses a stored tab only if it is one of them', () => {
    expect(
      lenderTabs(new Map([[2, { name: 'Берег', nameEn: 'Bereg' }]])).map((t) => [t.id, t.label]),
    ).toEqual([
      [1, null],
      [2, 'Берег'],
      [3, null],
    ]);
    expect(pickLenderTab(3, 1)).toBe(3);
    expect(pickLenderTab(7, 2)).toBe(2);
    expect(pickLenderTab(1488, 7)).toBe(1);
    expect(pickLenderTab(null, null)).toBe(1);
  });
});
