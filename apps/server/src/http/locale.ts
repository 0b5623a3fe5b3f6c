import { DEFAULT_LOCALE, type Locale, STORAGE_KEYS } from '@portal/contract/constants';
import type { FastifyRequest } from 'fastify';

/**
 * The user's language: the client's language cookie (uppercase code, spec §3), then Accept-Language, then ru.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const cookie = request.headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === STORAGE_KEYS.localeCookie)?.[1];
  const fromCookie = cookie?.toLowerCase();
  if (fromCookie === 'ru' || fromCookie === 'en') return fromCookie;
  const accept = request.headers['accept-language']?.toLowerCase() ?? '';
  const first = accept.split(',')[0]?.trim().slice(0, 2);
  if (first === 'en') return 'en';
  return DEFAULT_LOCALE;
}
