import { latin } from '../../shared/latin.ts';
import { writePdf } from '../../shared/pdf-writer.ts';

/**
 * A one-page A4 PDF with a title and lines of text. The standard PDF fonts carry Latin letters only, and embedding
 * a Cyrillic font would mean shipping a font file with the server, so the text is transliterated; the title stays as
 * it is in the file's metadata.
 */
export function simplePdf(title: string, lines: string[]): Buffer {
  return writePdf(title, [
    {
      width: 595,
      height: 842,
      shapes: [
        { kind: 'text', text: latin(title), x: 56, y: 770, size: 18, bold: true, colour: [0.1, 0.15, 0.3] },
        ...lines.map((line, i) => ({
          kind: 'text' as const,
          text: latin(line),
          x: 56,
          y: 730 - 18 * i,
          size: 11,
        })),
      ],
    },
  ]);
}
