import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger } from '../logger.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text, not pictures, fonts in woff2 or PDFs (already compressed). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|xml|ico)$/i;
/** Below this the headers cost more than the bytes saved (the same threshold as the on-the-fly compression). */
const MIN_BYTES = 1024;

/**
 * The built web client is compressed once, not on every request. Beside each text file of the build
 * (1 KB and more) this writes `name.br` (quality 11) and `name.gz` (level 9) unless they are already there and
 * newer than the file; @fastify/static (`preCompressed`) then sends them to clients that accept them. It runs in the
 * background after start-up, on zlib's thread pool (the event loop stays free), and skips whatever it cannot write
 * (a read-only image that was built with them, or without): until a file has its copies, compression on the fly
 * serves it as before.
 */
export async function precompressWeb(root: string, logger: Logger): Promise<number> {
  let written = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) written += await compressOne(file);
    }
  };
  try {
    await walk(root);
  } catch (error) {
    logger.warn({ err: error }, 'precompressing the web client failed; it is compressed on the fly');
  }
  return written;
}

async function compressOne(file: string): Promise<number> {
  const source = await stat(file);
  if (source.size < MIN_BYTES) return 0;
  let written = 0;
  let content: Buffer | undefined;
  for (const [extension, compress] of [
    [
      '.br',
      (data: Buffer) =>
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
    ],
    ['.gz', (data: Buffer) => gzipAsync(data, { level: 9 })],
  ] as const) {
    const target = file + extension;
    const existing = await stat(target).catch(() => null);
    if (existing && existing.mtimeMs >= source.mtimeMs) continue;
    content ??= await readFile(file);
    const compressed = await compress(content);
    // Written only when it saves something; @fastify/static falls back to the plain file otherwise.
    // Written aside and renamed, so another instance serving the same folder never reads half a file.
    if (compressed.length < content.length) {
      const partial = `${target}.${process.pid}.tmp`;
      await writeFile(partial, compressed);
      await rename(partial, target);
      written += 1;
    }
  }
  return written;
}
