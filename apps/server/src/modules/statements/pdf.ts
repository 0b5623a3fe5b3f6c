import { createRequire } from 'node:module';
import type { Locale } from '@portal/contract/constants';

/**
 * The owner's statement as a PDF (pdfkit). The text is in the owner's language, Cyrillic included: DejaVu Sans
 * comes from an npm package (dejavu-fonts-ttf) and is embedded as a subset, with its ToUnicode map, so the text can
 * be copied and searched. Nothing is fetched while a statement is drawn.
 */

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const REGULAR = fontFile('DejaVuSans.ttf');
const BOLD = fontFile('DejaVuSans-Bold.ttf');

/** A row of label and value, a heading, or a blank line. */
export type StatementLine =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'row'; label: string; value: string }
  | { kind: 'note'; text: string };

export type StatementContent = { title: string; subtitle: string; lines: StatementLine[]; footer: string };

/** Money as the portal shows it: «16 300 000,5 ₽» in Russian, «16,300,000.5 ₽» in English, kopecks when there are. */
export function formatRubles(amount: number, locale: Locale): string {
  const text = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ru-RU', {
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  })
    .format(amount)
    .replace(/[\u00a0\u202f]/g, ' ');
  return `${text} ₽`;
}

export function formatNumber(value: number, digits: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ru-RU', {
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  })
    .format(value)
    .replace(/[\u00a0\u202f]/g, ' ');
}

export async function drawStatement(content: StatementContent): Promise<Buffer> {
  // Loaded with the first statement, not at start-up: pdfkit and its fonts' tables hold about 14 MB for a job that
  // runs once a month and a download now and then.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: content.title, Creator: 'Investor portal', Producer: 'Investor portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const width = doc.page.width - 100;

  doc.font('bold').fontSize(16).text(content.title, { width });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10).fillColor('#555555').text(content.subtitle, { width });
  doc.fillColor('#000000');
  doc.moveDown(1);
  for (const line of content.lines) {
    if (doc.y > doc.page.height - 90) doc.addPage();
    if (line.kind === 'heading') {
      doc.moveDown(0.6);
      doc.font('bold').fontSize(13).text(line.text, { width });
      doc.moveDown(0.3);
    } else if (line.kind === 'subheading') {
      doc.moveDown(0.3);
      doc.font('bold').fontSize(11).text(line.text, { width });
      doc.moveDown(0.2);
    } else if (line.kind === 'note') {
      doc.font('regular').fontSize(9).fillColor('#555555').text(line.text, { width });
      doc.fillColor('#000000');
    } else {
      const y = doc.y;
      doc
        .font('regular')
        .fontSize(10)
        .text(line.label, 50, y, { width: width * 0.6 });
      const after = doc.y;
      doc.text(line.value, 50 + width * 0.6, y, { width: width * 0.4, align: 'right' });
      doc.y = Math.max(after, doc.y);
      doc.x = 50;
    }
  }
  doc.moveDown(2);
  doc.font('regular').fontSize(8).fillColor('#777777').text(content.footer, 50, doc.y, { width });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
