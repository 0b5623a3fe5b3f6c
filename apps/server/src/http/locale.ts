import { DEFAULT_LOCALE, type Locale, STORAGE_KEYS } from '@portal/contract/constants';
import type { FastifyRequest } from 'fastify';

/**
 * The user's language: the client's language cookie (uppercase code, as the spec's entities give it), then
 * Accept-Language, then ru.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const fromCookie = cookieLocale(request);
  if (fromCookie) return fromCookie;
  const accept = request.headers['accept-language']?.toLowerCase() ?? '';
  const first = accept.split(',')[0]?.trim().slice(0, 2);
  if (first === 'en') return 'en';
  return DEFAULT_LOCALE;
}

/** The language cookie alone, as the web client reads it at start (it does not look at Accept-Language). */
export function cookieLocale(request: FastifyRequest): Locale | undefined {
  const cookie = request.headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === STORAGE_KEYS.localeCookie)?.[1];
  const value = cookie?.toLowerCase();
  return value === 'ru' || value === 'en' ? value : undefined;
}
