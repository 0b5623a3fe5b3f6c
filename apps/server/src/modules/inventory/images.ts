import { encodeBlockJpeg } from './jpeg.ts';

/**
 * Demo photos of inventory items: small pictures drawn from the item id and photo number (a two-colour picture),
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

/**
 * The picture as a JPEG, the type the spec gives inventory images (base64 jpeg): what id-logic/item/images
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
