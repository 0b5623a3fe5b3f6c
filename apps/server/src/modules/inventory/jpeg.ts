/**
 * A small baseline JPEG encoder for the generated inventory placeholders (the spec's inventory images are base64
 * JPEG). The placeholders are flat colour areas whose edges fall on 8-pixel lines, so each 8×8 block is coded by its
 * mean colour alone (DC coefficients; every AC coefficient is zero): exact for such pictures, a blur of 8-pixel
 * squares for any other. 4:4:4 YCbCr, one quantization table, canonical Huffman tables; no dependency.
 */

type Rgb = readonly [number, number, number];

/** The standard DC luminance table (ITU T.81, K.3): code lengths 1–16 and the categories 0–11 they code. */
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** AC: only the end-of-block symbol 0x00 is ever written, as the single code '00'. */
const AC_BITS = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_VALUES = [0];
/** Every coefficient is divided by 8, so a DC value is the block's mean minus 128, at most 8 bits. */
const QUANT = 8;

function huffmanCodes(bits: number[], values: number[]): Map<number, { code: number; length: number }> {
  const codes = new Map<number, { code: number; length: number }>();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length += 1) {
    for (let i = 0; i < (bits[length - 1] ?? 0); i += 1) {
      codes.set(values[k] ?? 0, { code, length });
      code += 1;
      k += 1;
    }
    code <<= 1;
  }
  return codes;
}

const DC_CODES = huffmanCodes(DC_BITS, DC_VALUES);
const EOB = huffmanCodes(AC_BITS, AC_VALUES).get(0) ?? { code: 0, length: 2 };

class BitWriter {
  private readonly bytes: number[] = [];
  private buffer = 0;
  private count = 0;

  write(value: number, length: number) {
    for (let i = length - 1; i >= 0; i -= 1) {
      this.buffer = (this.buffer << 1) | ((value >> i) & 1);
      this.count += 1;
      if (this.count === 8) this.flushByte();
    }
  }

  private flushByte() {
    this.bytes.push(this.buffer);
    // A 0xFF in the entropy-coded data is followed by a stuffed zero byte.
    if (this.buffer === 0xff) this.bytes.push(0);
    this.buffer = 0;
    this.count = 0;
  }

  /** Pads the last byte with 1 bits. */
  finish(): number[] {
    if (this.count > 0) this.write((1 << (8 - this.count)) - 1, 8 - this.count);
    return this.bytes;
  }
}

const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  ((body.length + 2) >> 8) & 0xff,
  (body.length + 2) & 0xff,
  ...body,
];

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** Encodes a picture given by its pixel colours as a baseline JPEG (each 8×8 block by its mean colour). */
export function encodeBlockJpeg(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const blocksX = Math.ceil(width / 8);
  const blocksY = Math.ceil(height / 8);
  const writer = new BitWriter();
  const previous = [0, 0, 0];
  for (let by = 0; by < blocksY; by += 1) {
    for (let bx = 0; bx < blocksX; bx += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let y = by * 8; y < Math.min(height, by * 8 + 8); y += 1)
        for (let x = bx * 8; x < Math.min(width, bx * 8 + 8); x += 1) {
          const [pr, pg, pb] = pixel(x, y);
          r += pr;
          g += pg;
          b += pb;
          n += 1;
        }
      [r, g, b] = [r / n, g / n, b / n];
      const ycc = [
        clampByte(0.299 * r + 0.587 * g + 0.114 * b),
        clampByte(-0.168736 * r - 0.331264 * g + 0.5 * b + 128),
        clampByte(0.5 * r - 0.418688 * g - 0.081312 * b + 128),
      ];
      for (let c = 0; c < 3; c += 1) {
        // DC = 8 × (mean − 128) before quantization, so (mean − 128) after it.
        const dc = Math.round((8 * ((ycc[c] ?? 0) - 128)) / QUANT);
        const diff = dc - (previous[c] ?? 0);
        previous[c] = dc;
        const magnitude = Math.abs(diff);
        const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
        const code = DC_CODES.get(category);
        if (!code) throw new Error(`DC difference ${diff} out of range`);
        writer.write(code.code, code.length);
        if (category > 0) writer.write(diff >= 0 ? diff : diff + (1 << category) - 1, category);
        writer.write(EOB.code, EOB.length);
      }
    }
  }
  const components = [1, 2, 3];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...Array.from({ length: 64 }, () => QUANT)]),
    ...segment(0xc0, [
      8,
      (height >> 8) & 0xff,
      height & 0xff,
      (width >> 8) & 0xff,
      width & 0xff,
      3,
      ...components.flatMap((id) => [id, 0x11, 0]),
    ]),
    ...segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES]),
    ...segment(0xda, [3, ...components.flatMap((id) => [id, 0x00]), 0, 63, 0]),
    ...writer.finish(),
    0xff,
    0xd9,
  ]);
}
