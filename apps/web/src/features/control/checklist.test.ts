import type { ChecklistGroup, Inspection } from '@portal/contract/control';
import { percentUp } from '@portal/contract/control';
import { describe, expect, it } from 'vitest';
import { byType, countChecks, defaultRange, inRange } from './checklist';

const check = (id: number, status: 0 | 1) => ({ id, test: `t${id}`, testEn: `t${id}`, status, media: [] });
const group = (id: number, statuses: Array<Array<0 | 1>>): ChecklistGroup => ({
  id,
  title: `g${id}`,
  titleEn: `g${id}`,
  tests: statuses.map((list, s) => ({
    id: id * 10 + s,
    title: `s${s}`,
    titleEn: `s${s}`,
    testsList: list.map((status, c) => check(id * 100 + s * 10 + c, status)),
  })),
});

describe('checklist counts', () => {
  it('counts the passed checks of every subgroup of a group and rounds the percent up', () => {
    expect(
      countChecks([
        group(1, [
          [1, 1, 0],
          [1, 0, 1],
        ]),
      ]),
    ).toEqual({ passed: 4, total: 6, percent: 67 });
    expect(countChecks([group(2, [[1, 0, 0]])])).toEqual({ passed: 1, total: 3, percent: 34 });
    expect(countChecks([group(3, [[1, 1], [1]])])).toEqual({ passed: 3, total: 3, percent: 100 });
    expect(countChecks([group(4, [[0, 0]])])).toEqual({ passed: 0, total: 2, percent: 0 });
  });

  it('counts a subgroup on its own', () => {
    const [sub] = group(5, [[1, 0, 0, 0]]).tests;
    expect(sub && countChecks([sub])).toEqual({ passed: 1, total: 4, percent: 25 });
  });

  it('has no floating-point surprises: 7 of 100 is 7%, 57 of 100 is 57%, 1 of 7 is 15%', () => {
    expect(percentUp(7, 100)).toBe(7);
    expect(percentUp(57, 100)).toBe(57);
    expect(percentUp(1, 7)).toBe(15);
    expect(percentUp(0, 0)).toBe(0);
  });
});

describe('date range of the control page', () => {
  const at = (iso: string) => ({ inspectionDate: iso }) as Inspection;
  it('keeps inspections within whole Moscow days of the range', () => {
    const list = [
      at('2026-02-09T20:30:00Z'), // 23:30 on 9 February in Moscow
      at('2026-02-09T21:30:00Z'), // 00:30 on 10 February in Moscow
      at('2026-03-31T20:00:00Z'), // 23:00 on 31 March in Moscow
      at('2026-03-31T21:00:00Z'), // midnight, 1 April in Moscow
    ];
    expect(inRange(list, '2026-02-10', '2026-03-31')).toEqual(list.slice(1, 3));
    expect(inRange(list, '2026-02-10', null)).toEqual(list.slice(1));
    expect(inRange(list, null, null)).toEqual(list);
  });
  it('defaults to the year ending today', () => {
    expect(defaultRange('2026-11-23')).toEqual(['2025-11-23', '2026-11-23']);
    expect(defaultRange('2028-02-29')).toEqual(['2027-03-01', '2028-02-29']);
  });
});

describe('type filter of the control page (currentFilterId)', () => {
  const of = (id: number, typeId: number) => ({ id, inspectionType: { id: typeId } }) as Inspection;
  const list = [of(1, 1), of(2, 2), of(3, 1), of(4, 3)];
  it('keeps every inspection for 0 and the inspections of one type otherwise', () => {
    expect(byType(list, 0)).toEqual(list);
    expect(byType(list, 1).map((i) => i.id)).toEqual([1, 3]);
    expect(byType(list, 2).map((i) => i.id)).toEqual([2]);
    expect(byType(list, 3).map((i) => i.id)).toEqual([4]);
  });
});
