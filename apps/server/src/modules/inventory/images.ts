import { crc32, deflateSync } from 'node:zlib';
import { encodeBlockJpeg } from './jpeg.ts';

/**
 * Demo photos of inventory items: small PNGs drawn from the item id and photo number (a two-colour picture),
 * so the demo data needs no binary files. Shown only for items without real photos whose image_count the demo seed
 * set; real photos are uploaded in the console or named by the inventory import (see photos.ts).
 */
const PALETTE: Array<[number, number, number]> = [
  [92, 124, 250],
  [32, 201, 151],
  [250, 176, 5],
  [250, 82, 82],
  [121, 80, 242],
  [21, 170, 191],
];

export function inventoryPhotoPng(itemId: number, index: number, width = 160, height = 120): Buffer {
  const top = PALETTE[(itemId + index) % PALETTE.length] ?? [0, 0, 0];
  const bottom = PALETTE[(itemId + index + 2) % PALETTE.length] ?? [255, 255, 255];
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    const colour = y < height * 0.6 ? top : bottom;
    for (let x = 0; x < width; x += 1) {
      const shade = x < width * (0.2 + 0.1 * index) ? 0.85 : 1;
      row[1 + x * 3] = Math.round(colour[0] * shade);
      row[2 + x * 3] = Math.round(colour[1] * shade);
      row[3 + x * 3] = Math.round(colour[2] * shade);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The same picture as a JPEG, the type the spec gives inventory images (base64 jpeg): what id-logic/item/images
 * serves for the placeholders. Its colour edges fall on 8-pixel lines, so the block encoder draws it exactly.
 */
export function inventoryPhotoJpeg(itemId: number, index: number, width = 160, height = 120): Buffer {
  const top = PALETTE[(itemId + index) % PALETTE.length] ?? [0, 0, 0];
  const bottom = PALETTE[(itemId + index + 2) % PALETTE.length] ?? [255, 255, 255];
  const band = Math.round((height * 0.6) / 8) * 8;
  const edge = Math.round((width * (0.2 + 0.1 * index)) / 8) * 8;
  return encodeBlockJpeg(width, height, (x, y) => {
    const colour = y < band ? top : bottom;
    const shade = x < edge ? 0.85 : 1;
    return [colour[0] * shade, colour[1] * shade, colour[2] * shade];
  });
}
