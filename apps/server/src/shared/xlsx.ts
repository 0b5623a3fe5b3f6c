import type ExcelJSModule from 'exceljs';

/** Ruble cells stay numbers: the format only groups thousands and adds the sign. */
export const RUBLE_FORMAT = '#,##0.00 "₽"';

export type SheetColumn = { header: string; key: string; width: number; format?: string };

/** One sheet with a bold, frozen header row; answers the .xlsx bytes. */
export async function buildSheet(
  title: string,
  columns: SheetColumn[],
  rows: Array<Record<string, string | number | Date | null>>,
): Promise<Buffer> {
  // Loaded on the first export, not at start-up (exceljs alone took seconds to load).
  const ExcelJS = ((await import('exceljs')) as unknown as { default: typeof ExcelJSModule }).default;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Investor portal';
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: c.format ? { numFmt: c.format } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
