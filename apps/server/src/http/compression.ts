import { constants } from 'node:zlib';

/**
 * How the server compresses its answers: @fastify/compress (app.ts) and the answer cache's copies
 * (response-cache.ts). Answers from COMPRESS_FROM bytes, brotli at quality 1 and gzip at level 1 with an 8 KB window:
 * the lightest settings, whose working memory is a few blocks the C library takes from its heap. The start script
 * maps every block from 512 KB on its own (GLIBC_TUNABLES, apps/server/package.json, for the embedded database's
 * memory); brotli's blocks for an answer compressed in one call (up to 64 KB: at most a 256 KB hash table and 256 KB
 * of commands) stay under it. At 32 KB, its earlier value, every answer over a few KB had its blocks mapped and
 * zeroed anew: the 41 KB bookings grid took 2–3 ms more of the server's time asked for in brotli or gzip than
 * uncompressed, and the 3.4 KB unit cards 1.4 ms in brotli at quality 4 (docs/performance.md).
 */
export const COMPRESS_FROM = 1024;
/** Answers up to this size are compressed in one call; larger ones through a stream, off the event loop (app.ts). */
export const COMPRESS_IN_ONE_CALL_UP_TO = 65_536;
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
export const GZIP_OPTIONS = { level: 1, windowBits: 13, memLevel: 6 };
