import { DEFAULT_LOCALE, type Locale, STORAGE_KEYS } from '@portal/contract/constants';
import type { FastifyRequest } from 'fastify';

/**
 * The user's language: the client's language cookie (uppercase code, as the spec's entities give it), then the
 * spec's default, ru. Never Accept-Language: the page follows the cookie and then the same default, so a first visit
 * from an English browser shows a Russian page, and its server messages must be Russian too.
 */
export function requestLocale(request: FastifyRequest): Locale {
  return cookieLocale(request) ?? DEFAULT_LOCALE;
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
