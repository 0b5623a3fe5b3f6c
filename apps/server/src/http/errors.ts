import { ERROR_CODES } from '@portal/contract/errors';
import type { MessageKey } from '@portal/contract/messages';

/** An error a user can cause: the error handler answers it with its status and a message in the user's locale. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageKey: MessageKey;
  readonly fields: Record<string, MessageKey> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Values for the message's `{name}` placeholders (say the encoding a file was found in). */
  readonly params: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    messageKey: MessageKey,
    options: {
      fields?: Record<string, MessageKey>;
      headers?: Record<string, string>;
      params?: Record<string, string>;
    } = {},
  ) {
    super(messageKey);
    this.status = status;
    this.code = code;
    this.messageKey = messageKey;
    this.fields = options.fields;
    this.headers = options.headers;
    this.params = options.params;
  }
}

export const badRequest = (messageKey: MessageKey, field?: string, code: string = ERROR_CODES.validation) =>
  new AppError(400, code, messageKey, field ? { fields: { [field]: messageKey } } : {});
export const unauthorized = () => new AppError(401, ERROR_CODES.unauthorized, 'unauthorized');
export const forbidden = () => new AppError(403, ERROR_CODES.forbidden, 'forbidden');
export const notFound = () => new AppError(404, ERROR_CODES.notFound, 'notFound');
export const conflict = (messageKey: MessageKey, field: string) =>
  new AppError(409, ERROR_CODES.conflict, messageKey, { fields: { [field]: messageKey } });
export const tooManyRequests = (retryAfterSeconds: number, messageKey: MessageKey = 'rateLimited') =>
  new AppError(429, ERROR_CODES.rateLimited, messageKey, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
