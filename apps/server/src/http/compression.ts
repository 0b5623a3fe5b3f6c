import { constants } from 'node:zlib';

/**
 * How the server compresses its answers: @fastify/compress (app.ts) and the answer cache's copies
 * (response-cache.ts). Answers from COMPRESS_FROM bytes, brotli at quality 1 and gzip at level 1 with an 8 KB window:
 * their working memory comes in blocks the C library takes from its heap. The start script maps every block of
 * 32 KB and more on its own and hands it back when freed (GLIBC_TUNABLES, apps/server/package.json, for the
 * embedded database's memory), so the defaults' larger blocks (brotli 4–5, gzip 6) were mapped and zeroed anew for
 * every answer: the 3.4 KB unit cards took 1.4 ms in brotli and 0.9 ms in gzip, now 0.02–0.06 ms, for an answer
 * 5–15 % larger (docs/performance.md).
 */
export const COMPRESS_FROM = 1024;
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
export const GZIP_OPTIONS = { level: 1, windowBits: 13, memLevel: 6 };
