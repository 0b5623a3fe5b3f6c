import { describe, expect, it } from 'vitest';
import { categoriesOf, visibleRows } from './outcome-rows';

const row = (id: number, category: number, amount: number) => ({
  id,
  date: `2026-10-0${id}`,
  category: { id: category, text: `Категория ${category}`, textEn: `Category ${category}` },
  article: 'Статья',
  amount,
  amountText: `${amount} ₽`,
});
const rows = [row(1, 10, 500), row(2, 11, 100), row(3, 10, 300)];

describe('income-outcome table', () => {
  it('offers each category once, in the language of the page', () => {
    expect(categoriesOf(rows, false)).toEqual([
      { value: '10', label: 'Категория 10' },
      { value: '11', label: 'Категория 11' },
    ]);
    expect(categoriesOf(rows, true)[0]?.label).toBe('Category 10');
  });

  it('filters by the chosen categories and shows all when none is chosen', () => {
    expect(visibleRows(rows, ['10'], null).map((r) => r.id)).toEqual([1, 3]);
    expect(visibleRows(rows, [], null).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('sorts by amount ascending or descending', () => {
    expect(visibleRows(rows, [], 'asc').map((r) => r.amount)).toEqual([100, 300, 500]);
    expect(visibleRows(rows, [], 'desc').map((r) => r.amount)).toEqual([500, 300, 100]);
    expect(visibleRows(rows, ['10'], 'asc').map((r) => r.amount)).toEqual([300, 500]);
  });
});
