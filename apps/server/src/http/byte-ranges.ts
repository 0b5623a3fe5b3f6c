import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a file answering a single `Range: bytes=…` request with 206 and the part asked for. Safari (every iPhone)
 * plays an MP4 only from a server that answers byte ranges; other browsers use them to seek.
 */
export function sendWithRanges(request: FastifyRequest, reply: FastifyReply, data: Buffer) {
  reply.header('accept-ranges', 'bytes');
  const header = request.headers.range;
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return reply.send(data);
  const size = data.length;
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
  if (start >= size || start > end) {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .send(data.subarray(start, end + 1));
}
