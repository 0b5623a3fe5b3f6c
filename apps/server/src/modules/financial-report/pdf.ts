import { FINANCIAL_REPORT_PAGES } from '@portal/contract/financial-report';
import { type PdfShape, type Rgb, textWidth, writePdf } from '../../shared/pdf-writer.ts';

const colour = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16) / 255,
  Number.parseInt(hex.slice(3, 5), 16) / 255,
  Number.parseInt(hex.slice(5, 7), 16) / 255,
];

/**
 * The demo report's pages (pages.ts draws them as SVG) as one PDF for the lender dashboard's download: the same
 * title band, chart and text lines on A4. The PDF's standard font has no Cyrillic, so the pages carry the English
 * headings only. A company's own report is its uploaded PDF, downloaded as it is.
 */
export function demoReportPdf(pages = FINANCIAL_REPORT_PAGES): Buffer {
  // SVG's y grows downwards from the top, PDF's upwards from the bottom.
  const top = (y: number, height = 0) => 842 - y - height;
  const rect = (
    x: number,
    y: number,
    width: number,
    height: number,
    fill: string,
    opacity?: number,
  ): PdfShape => ({
    kind: 'rect',
    x,
    y: top(y, height),
    width,
    height,
    colour: colour(fill),
    opacity,
  });
  return writePdf(
    'Interim financial report 2024',
    Array.from({ length: pages }, (_, index) => {
      const page = index + 1;
      const label = `${page} / ${pages}`;
      const shapes: PdfShape[] = [
        rect(0, 0, 595, 90, '#1f3d2f'),
        {
          kind: 'text',
          text: 'Interim financial report · 2024',
          x: 40,
          y: top(58),
          size: 22,
          colour: [1, 1, 1],
        },
        {
          kind: 'text',
          text: `Section ${Math.ceil(page / 3)}`,
          x: 40,
          y: top(150),
          size: 18,
          colour: colour('#1f3d2f'),
        },
      ];
      for (let i = 0; i < 6; i += 1) {
        const height = 40 + ((page * 37 + i * 53) % 140);
        shapes.push(rect(90 + i * 70, 560 - height, 44, height, '#2f6f4f', 0.55 + i * 0.07));
      }
      shapes.push({ kind: 'line', from: [70, top(560)], to: [525, top(560)], colour: colour('#868e96') });
      for (let i = 0; i < 12; i += 1) {
        shapes.push(rect(70, 640 + i * 26, 360 + ((page * 29 + i * 71) % 200), 10, '#ced4da'));
      }
      shapes.push({
        kind: 'text',
        text: label,
        x: 297 - textWidth(label, 12) / 2,
        y: top(820),
        size: 12,
        colour: colour('#868e96'),
      });
      return { width: 595, height: 842, shapes };
    }),
  );
}
