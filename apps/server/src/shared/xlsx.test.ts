import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildSheet, RUBLE_FORMAT } from './xlsx.ts';

describe('buildSheet', () => {
  it('writes one sheet that a full XLSX reader opens: bold frozen header, widths, numbers kept as numbers', async () => {
    const bytes = await buildSheet(
      'Доходы и расходы за октябрь 2026 года по локации',
      [
        { header: 'Месяц', key: 'month', width: 12 },
        { header: 'Сумма', key: 'amount', width: 18, format: RUBLE_FORMAT },
      ],
      [
        { month: '10.2026', amount: 1234567.5 },
        { month: '11.2026', amount: null },
      ],
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as never);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0];
    // Excel's limit on a sheet's name.
    expect(sheet?.name).toBe('Доходы и расходы за октябрь 202');
    expect(sheet?.getSheetValues().slice(1)).toEqual([
      [undefined, 'Месяц', 'Сумма'],
      [undefined, '10.2026', 1234567.5],
      [undefined, '11.2026'],
    ]);
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(2).numFmt).toBe(RUBLE_FORMAT);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getColumn(2).width).toBe(18);
  });
});
