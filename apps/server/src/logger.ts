import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export type Logger = FastifyBaseLogger;

/** Request and body fields that never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'oldPassword',
  'newPassword',
  'code',
  'token',
  'link',
];

/**
 * The server's logger: one JSON line a request and the events, at LOG_LEVEL, written asynchronously (a
 * synchronous write per line held every request behind the terminal or the pipe); pino flushes what is buffered
 * when the process exits. `destination` is stdout unless a file is named (the benchmark writes to /dev/null).
 */
export function createLogger(config: { logLevel: string }, destination: number | string = 1): Logger {
  return pino(
    { level: config.logLevel, redact: REDACTED_PATHS },
    pino.destination({ dest: destination, sync: false }),
  );
}
