/** A multipart body with text fields and then one file, as the console's uploads send it. */
export function uploadForm(
  file: { data: Buffer; name: string; type: string },
  fields: Record<string, string> = {},
) {
  const boundary = '----portal-upload-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// A 48×32 PNG of two stripes.
export const TEST_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAOklEQVR42u3OMQ0AMAgAMBRNwZTgBWuTMx24IBxNKqBxKlcJISEhISEhIaHh0H93FSEhISEhISGhYQ1iaq95W7MVqwAAAABJRU5ErkJggg==',
  'base64',
);

// The start of an MP4: its ftyp box is what the type is told by.
export const TEST_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);

/** A one-page PDF. */
export const TEST_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
