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

/** What the logger gathers before it writes, and how long a line may wait when the server is quiet. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 250;

/**
 * The server's logger: one JSON line a request and the events, at LOG_LEVEL, written asynchronously (a
 * synchronous write per line held every request behind the terminal or the pipe) and gathered into writes of
 * LOG_BUFFER_BYTES (a write a line cost a busy server a system call a request), at the latest LOG_FLUSH_MS after the
 * line; pino flushes what is buffered when the process exits. `destination` is stdout unless a file is named (the
 * benchmark writes to /dev/null).
 */
export function createLogger(config: { logLevel: string }, destination: number | string = 1): Logger {
  const stream = pino.destination({ dest: destination, sync: false, minLength: LOG_BUFFER_BYTES });
  const flushing = setInterval(() => {
    // sonic-boom's types leave out `destroyed`, which it sets when ended (a flush then throws).
    if (!('destroyed' in stream && stream.destroyed)) stream.flush();
  }, LOG_FLUSH_MS).unref();
  stream.on('close', () => clearInterval(flushing));
  return pino({ level: config.logLevel, redact: REDACTED_PATHS }, stream);
}
