import type { ConstructionStage, TimelineStatusId, UnitTimeline } from '@portal/contract/timeline';
import { describe, expect, it } from 'vitest';
import { nestLocationTimeline, timelineRows } from './timeline-rows';

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
