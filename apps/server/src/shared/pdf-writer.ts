/**
 * A minimal PDF writer for the PDFs the server draws itself (the demo documents, the demo financial report): pages
 * of text in the standard Helvetica faces, filled rectangles and lines. The standard fonts carry WinAnsi (Latin)
 * letters only, so callers transliterate Cyrillic first (shared/latin.ts); the document's title, kept in its
 * metadata, may be in any script.
 */

/** A colour as red, green and blue from 0 to 1. */
export type Rgb = readonly [number, number, number];

export type PdfShape =
  | { kind: 'text'; text: string; x: number; y: number; size: number; bold?: boolean; colour?: Rgb }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; colour: Rgb; opacity?: number }
  | { kind: 'line'; from: [number, number]; to: [number, number]; colour: Rgb };

export type PdfPage = { width: number; height: number; shapes: PdfShape[] };

/** Helvetica's advance widths (thousandths of the size) of the printable ASCII characters, space to tilde. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** The width of a line of regular Helvetica at `size` points (other characters count as a digit's width). */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) units += HELVETICA_WIDTHS[(char.codePointAt(0) ?? 0) - 32] ?? 556;
  return (units * size) / 1000;
}

/** WinAnsi's characters outside Latin-1 (0x80–0x9F). */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

/** A PDF string literal of WinAnsi bytes; characters the font lacks become '?'. */
function winAnsiString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    const byte =
      WIN_ANSI_EXTRA[char] ?? ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) ? code : 0x3f);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x80) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8)}`;
  }
  return `${out})`;
}

/** A text string of the metadata: ASCII as it is, anything else in UTF-16BE (as PDF readers expect). */
function metadataString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return winAnsiString(text);
  return `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

const num = (value: number) => String(Math.round(value * 1000) / 1000);
const colour = (rgb: Rgb) => rgb.map(num).join(' ');

function contentOf(page: PdfPage, opacities: Map<number, string>): string {
  return page.shapes
    .map((shape) => {
      if (shape.kind === 'text') {
        return `BT /${shape.bold ? 'F2' : 'F1'} ${num(shape.size)} Tf ${colour(shape.colour ?? [0, 0, 0])} rg ${num(shape.x)} ${num(shape.y)} Td ${winAnsiString(shape.text)} Tj ET`;
      }
      if (shape.kind === 'rect') {
        const alpha = shape.opacity ?? 1;
        if (!opacities.has(alpha)) opacities.set(alpha, `A${opacities.size}`);
        return `q /${opacities.get(alpha)} gs ${colour(shape.colour)} rg ${num(shape.x)} ${num(shape.y)} ${num(shape.width)} ${num(shape.height)} re f Q`;
      }
      return `q ${colour(shape.colour)} RG 1 w ${num(shape.from[0])} ${num(shape.from[1])} m ${num(shape.to[0])} ${num(shape.to[1])} l S Q`;
    })
    .join('\n');
}

/**
 * The PDF of `pages`, with `title` in its metadata and a fixed date (the same input gives the same bytes).
 * Objects: 1 catalog, 2 page tree, 3 info, 4–5 fonts, then each page and its content stream.
 */
export function writePdf(title: string, pages: PdfPage[]): Buffer {
  const date = '(D:20260101000000Z)';
  const objects: string[] = [
    `<< /Type /Catalog /Pages 2 0 R >>`,
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${6 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    `<< /Title ${metadataString(title)} /Creator (Investor portal) /CreationDate ${date} /ModDate ${date} >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>`,
  ];
  pages.forEach((page, i) => {
    const opacities = new Map<number, string>();
    const content = contentOf(page, opacities);
    const states = [...opacities].map(([alpha, name]) => `/${name} << /ca ${num(alpha)} >>`).join(' ');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
        `/Resources << /Font << /F1 4 0 R /F2 5 0 R >> /ExtGState << ${states} >> >> /Contents ${7 + 2 * i} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });
  // Every byte is below 0x80 (strings escape the rest), so string lengths are byte offsets.
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
