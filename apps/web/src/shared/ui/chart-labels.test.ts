import { describe, expect, it } from 'vitest';
import { DATE_LABEL_PX, labelledPoints } from './chart-labels';

describe('chart axis labels', () => {
  it('writes every date that fits, else every n-th back from the newest, never two labels over each other', () => {
    const shown = (count: number, width: number) =>
      Array.from({ length: count }, (_, index) => index).filter(
        labelledPoints(count, width, 60, DATE_LABEL_PX),
      );
    // 1440 px: all four stages dated.
    expect(shown(4, 740)).toEqual([0, 1, 2, 3]);
    // 375 px (a chart some 300 px wide): every other one, the newest always, at even gaps.
    expect(shown(4, 300)).toEqual([1, 3]);
    expect(shown(7, 300)).toEqual([2, 6]);
    // Before the width is measured, every date.
    expect(shown(3, 0)).toEqual([0, 1, 2]);
  });
});
