import type { OutcomeRow } from '@portal/contract/finance';

export type AmountSort = 'asc' | 'desc' | null;

/** The categories present in the rows, for the multi-select filter. */
export function categoriesOf(rows: OutcomeRow[], en: boolean) {
  const seen = new Map<number, string>();
  for (const row of rows) seen.set(row.category.id, en ? row.category.textEn : row.category.text);
  return [...seen].map(([id, label]) => ({ value: String(id), label }));
}

/** Rows of the chosen categories (all when none is chosen), sorted by amount when asked, else by date. */
export function visibleRows(rows: OutcomeRow[], categories: string[], sort: AmountSort): OutcomeRow[] {
  const filtered =
    categories.length === 0 ? rows : rows.filter((row) => categories.includes(String(row.category.id)));
  if (!sort) return filtered;
  return [...filtered].sort((a, b) => (sort === 'asc' ? a.amount - b.amount : b.amount - a.amount));
}
