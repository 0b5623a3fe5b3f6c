import { describe, expect, it } from 'vitest';
import { inventoryPhotoJpeg } from './images.ts';
import { encodeBlockJpeg } from './jpeg.ts';

/** The entropy-coded bytes between the start-of-scan header and the end of the image. */
function scanData(jpeg: Buffer): Buffer {
  const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  return jpeg.subarray(sos + 2 + jpeg.readUInt16BE(sos + 2), jpeg.length - 2);
}

describe('block JPEG encoder', () => {
  it('writes a baseline JFIF with the size, one quantization table and the Huffman tables', () => {
    const jpeg = encodeBlockJpeg(24, 16, () => [10, 200, 30]);
    expect([...jpeg.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe0]);
    expect(jpeg.subarray(6, 11).toString('latin1')).toBe('JFIF\0');
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect([jpeg.readUInt16BE(sof + 5), jpeg.readUInt16BE(sof + 7), jpeg[sof + 9]]).toEqual([16, 24, 3]);
    expect(jpeg.indexOf(Buffer.from([0xff, 0xdb]))).toBeGreaterThan(0);
    expect(jpeg.indexOf(Buffer.from([0xff, 0xc4]))).toBeGreaterThan(0);
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  it('stuffs every 0xFF of the scan with a zero byte', () => {
    // White then black blocks make long runs of 1 bits.
    const jpeg = encodeBlockJpeg(64, 64, (x) => (x < 32 ? [255, 255, 255] : [0, 0, 0]));
    const data = scanData(jpeg);
    for (let i = 0; i < data.length - 1; i += 1) if (data[i] === 0xff) expect(data[i + 1]).toBe(0);
  });

  it('codes a flat picture the same for every block after the first (zero DC difference)', () => {
    const one = scanData(encodeBlockJpeg(8, 8, () => [90, 90, 90]));
    const many = scanData(encodeBlockJpeg(64, 8, () => [90, 90, 90]));
    // The first block carries the colour; each further block is 3 × ('00' DC + '00' EOB) = 12 bits.
    expect(many.length).toBeGreaterThan(one.length);
    expect(many.length).toBeLessThanOrEqual(one.length + Math.ceil((7 * 12) / 8) + 1);
  });

  it('draws the inventory placeholders as JPEG, different for each item and photo', () => {
    const a = inventoryPhotoJpeg(1, 0);
    const b = inventoryPhotoJpeg(1, 1);
    const c = inventoryPhotoJpeg(2, 0);
    expect(a.equals(b)).toBe(false);
    expect(a.equals(c)).toBe(false);
    expect(a.equals(inventoryPhotoJpeg(1, 0))).toBe(true);
  });
});
