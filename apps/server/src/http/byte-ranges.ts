import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, FileStore } from '../integrations/file-store.ts';

/** Something of a known size that opens as a stream, whole or a range of it (a stored file, a buffer). */
export type RangeSource = { size: number; open(range?: ByteRange): Promise<Readable> };

export function bufferSource(data: Buffer): RangeSource {
  return {
    size: data.length,
    open: async (range) => Readable.from([range ? data.subarray(range.start, range.end + 1) : data]),
  };
}

/** The range a `Range: bytes=…` header asks of a file of `size` bytes: null for the whole file, 'unsatisfiable'. */
export function requestedRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // bytes=-N: the last N bytes
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a file answering a single `Range: bytes=…` request with 206 and the part asked for. Safari (every iPhone)
 * plays an MP4 only from a server that answers byte ranges; other browsers use them to seek. A stored file is
 * streamed from its chunks (only those the range covers), never held whole in memory.
 */
export async function sendWithRanges(
  request: FastifyRequest,
  reply: FastifyReply,
  file: Buffer | RangeSource,
) {
  const source = Buffer.isBuffer(file) ? bufferSource(file) : file;
  reply.header('accept-ranges', 'bytes');
  const range = requestedRange(request.headers.range, source.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${source.size}`).send();
  }
  if (!range) {
    reply.header('content-length', source.size);
    return reply.send(await source.open());
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${source.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await source.open(range));
}

/** A file of the store as a range source; null when the store has no such file. */
export async function storedFileSource(
  files: FileStore,
  key: string,
): Promise<(RangeSource & { contentType: string }) | null> {
  const info = await files.stat(key);
  if (!info) return null;
  return {
    size: info.size,
    contentType: info.contentType,
    async open(range) {
      const stream = await files.openRead(key, range);
      if (!stream) throw new Error(`file ${key} vanished while being served`);
      return stream;
    },
  };
}
