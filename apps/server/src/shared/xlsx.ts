/** Ruble cells stay numbers: the format only groups thousands and adds the sign. */
export const RUBLE_FORMAT = '#,##0.00 "₽"';

export type SheetColumn = { header: string; key: string; width: number; format?: string };

/** One sheet with a bold, frozen header row; answers the .xlsx bytes. */
export async function buildSheet(
  title: string,
  columns: SheetColumn[],
  rows: Array<Record<string, string | number | null>>,
): Promise<Buffer> {
  // Loaded on the first export, not at start-up.
  const { default: writeExcelFile } = await import('write-excel-file/node');
  const header = columns.map((column) => ({ value: column.header, fontWeight: 'bold' as const }));
  const body = rows.map((row) =>
    columns.map((column) => {
      const value = row[column.key] ?? null;
      if (typeof value === 'number') return { value, type: Number, format: column.format };
      return value === null ? null : { value, type: String };
    }),
  );
  return writeExcelFile([header, ...body], {
    sheet: title.slice(0, 31),
    columns: columns.map((column) => ({ width: column.width })),
    stickyRowsCount: 1,
  }).toBuffer();
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
