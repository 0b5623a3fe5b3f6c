import { describe, expect, it } from 'vitest';
import { wrapIndex } from './image-carousel';

describe('one-picture carousel', () => {
  it('wraps past the last picture to the first and before the first to the last', () => {
    expect(wrapIndex(2, 2)).toBe(0);
    expect(wrapIndex(-1, 2)).toBe(1);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});
