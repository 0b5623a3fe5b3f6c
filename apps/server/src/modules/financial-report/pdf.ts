import { FINANCIAL_REPORT_PAGES } from '@portal/contract/financial-report';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const colour = (hex: string) =>
  rgb(
    Number.parseInt(hex.slice(1, 3), 16) / 255,
    Number.parseInt(hex.slice(3, 5), 16) / 255,
    Number.parseInt(hex.slice(5, 7), 16) / 255,
  );

/**
 * The demo report's pages (pages.ts draws them as SVG) as one PDF for the lender dashboard's download: the same
 * title band, chart and text lines on A4. The PDF's standard font has no Cyrillic, so the pages carry the English
 * headings only. A company's own report is its uploaded PDF, downloaded as it is.
 */
export async function demoReportPdf(pages = FINANCIAL_REPORT_PAGES): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Interim financial report 2024');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // SVG's y grows downwards from the top, PDF's upwards from the bottom.
  const top = (y: number, height = 0) => 842 - y - height;
  for (let page = 1; page <= pages; page += 1) {
    const p = doc.addPage([595, 842]);
    p.drawRectangle({ x: 0, y: top(0, 90), width: 595, height: 90, color: colour('#1f3d2f') });
    p.drawText('Interim financial report · 2024', { x: 40, y: top(58), size: 22, font, color: rgb(1, 1, 1) });
    const section = Math.ceil(page / 3);
    p.drawText(`Section ${section}`, { x: 40, y: top(150), size: 18, font, color: colour('#1f3d2f') });
    for (let i = 0; i < 6; i += 1) {
      const height = 40 + ((page * 37 + i * 53) % 140);
      p.drawRectangle({
        x: 90 + i * 70,
        y: top(560 - height, height),
        width: 44,
        height,
        color: colour('#2f6f4f'),
        opacity: 0.55 + i * 0.07,
      });
    }
    p.drawLine({ start: { x: 70, y: top(560) }, end: { x: 525, y: top(560) }, color: colour('#868e96') });
    for (let i = 0; i < 12; i += 1) {
      const width = 360 + ((page * 29 + i * 71) % 200);
      p.drawRectangle({ x: 70, y: top(640 + i * 26, 10), width, height: 10, color: colour('#ced4da') });
    }
    const label = `${page} / ${pages}`;
    p.drawText(label, {
      x: 297 - font.widthOfTextAtSize(label, 12) / 2,
      y: top(820),
      size: 12,
      font,
      color: colour('#868e96'),
    });
  }
  return doc.save();
}
