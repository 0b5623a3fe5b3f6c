import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { simplePdf } from '../modules/documents/pdf.ts';
import { demoReportPdf } from '../modules/financial-report/pdf.ts';

/** The PDF as pdf.js (the web's viewer) reads it: pages, their sizes and texts, and the title. */
async function read(bytes: Buffer) {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const doc = await task.promise;
  const info = (await doc.getMetadata()).info as { Title?: string };
  const pages = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const items = (await page.getTextContent()).items as Array<{ str?: string }>;
    pages.push({
      size: page.view,
      text: items.map((item) => item.str ?? '').filter((text) => text.trim() !== ''),
    });
  }
  await task.destroy();
  return { title: info.Title, pages };
}

describe('the PDF writer', () => {
  it('writes a document pdf.js opens, its Cyrillic lines transliterated and its title kept as it is', async () => {
    const pdf = simplePdf('Акт приёма-передачи (копия)', ['Подписан владельцем', 'Total: 100 \\ 200']);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await read(pdf)).toEqual({
      title: 'Акт приёма-передачи (копия)',
      pages: [
        {
          size: [0, 0, 595, 842],
          text: ['Akt priema-peredachi (kopiya)', 'Podpisan vladeltsem', 'Total: 100 \\ 200'],
        },
      ],
    });
  });

  it('draws every page of the demo financial report, numbered', async () => {
    const { title, pages } = await read(demoReportPdf(3));
    expect(title).toBe('Interim financial report 2024');
    expect(pages.map((page) => page.text)).toEqual(
      [1, 2, 3].map((n) => ['Interim financial report · 2024', 'Section 1', `${n} / 3`]),
    );
  });
});
