import { describe, expect, it } from 'vitest';
import { capitalizationPoints } from './capitalization-chart';

describe('capitalization chart', () => {
  const graphic = {
    capitalizationName: 'Эксплуатация',
    capitalizationNameEn: 'Operation',
    capitalizationDate: '2023-09-01',
    capitalizationPrice: 9_100_000,
    graphic: [
      { date: '2022-03-01', price: 7_000_000, name: 'Котлован', nameEn: 'Foundation pit' },
      { date: '2023-09-01', price: 9_100_000, name: 'Эксплуатация', nameEn: 'Operation' },
    ],
  };
  it('gives one point a stage, dated as the page dates, with the stage name in the page language', () => {
    expect(capitalizationPoints(graphic, 'ru')).toEqual([
      { date: '01.03.2022', price: 7_000_000, stage: 'Котлован' },
      { date: '01.09.2023', price: 9_100_000, stage: 'Эксплуатация' },
    ]);
    expect(capitalizationPoints(graphic, 'en').map((p) => p.stage)).toEqual(['Foundation pit', 'Operation']);
  });
});
