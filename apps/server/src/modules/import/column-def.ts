import type { CellType } from './cells.ts';
import type { ImportColumn } from './columns.ts';

/**
 * A column of an import kind in words (its label in both languages, type, whether it must be filled), for the kinds'
 * column lists. Its own module, since columns.ts lists the kinds that use it (a shared import would be a cycle).
 */
export const col = (
  name: string,
  ru: string,
  en: string,
  type: CellType,
  required: boolean,
  more: Partial<ImportColumn> = {},
): ImportColumn => ({ name, label: { ru, en }, type, required, ...more });
