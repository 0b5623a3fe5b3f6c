/** Cuts the chosen square out of the image and answers it as a JPEG (or PNG for a PNG source), at most 512 px. */
export async function cropToSquare(
  src: string,
  area: { x: number; y: number; width: number; height: number },
  type: 'image/jpeg' | 'image/png',
): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const size = Math.min(512, Math.round(area.width));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas is not available');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))), type, 0.9),
  );
}
