import type { FastifyBaseLogger } from 'fastify';

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
