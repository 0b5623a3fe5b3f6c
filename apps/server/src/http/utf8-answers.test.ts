import { describe, expect, it } from 'vitest';
import { utf8Of } from './utf8-answers.ts';

describe('utf8Of', () => {
  const grid = JSON.stringify(
    Array.from({ length: 200 }, (_, id) => ({
      id,
      name: `Стандарт №${id}`,
      source: 'Яндекс Путешествия 😀',
    })),
  );

  it('writes what Node writes, for long and short texts, Cyrillic, emoji and plain ASCII', () => {
    for (const text of [grid, grid.slice(0, 100), 'plain ASCII '.repeat(400), '', 'д']) {
      expect(utf8Of(text).equals(Buffer.from(text))).toBe(true);
    }
    expect(utf8Of(grid).toString()).toBe(grid);
  });

  it('writes a lone surrogate as Node does (U+FFFD) instead of failing', () => {
    const text = `${grid}\ud800${grid}`;
    expect(utf8Of(text).equals(Buffer.from(text))).toBe(true);
  });
});
