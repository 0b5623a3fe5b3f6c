import { latin } from '../../shared/latin.ts';

/**
 * A one-page PDF with a title and lines of text. The standard PDF fonts carry Latin letters only, and embedding
 * a Cyrillic font would need fontkit and a font file shipped with the server, so demo files are in Latin text.
 */
export async function simplePdf(title: string, lines: string[]): Promise<Buffer> {
  // Loaded when a PDF is made (the demo seed), not at start-up.
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Investor portal');
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const page = pdf.addPage([595, 842]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(latin(title), { x: 56, y: 770, size: 18, font: bold, color: rgb(0.1, 0.15, 0.3) });
  let y = 730;
  for (const line of lines) {
    page.drawText(latin(line), { x: 56, y, size: 11, font: regular });
    y -= 18;
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
