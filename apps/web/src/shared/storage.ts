import { type Locale, STORAGE_KEYS } from '@portal/contract/constants';

/** The spec's client storage keys: the token, roles and the current role and location live in localStorage. */

export const storage = {
  token: () => localStorage.getItem(STORAGE_KEYS.token),
  setToken: (token: string) => localStorage.setItem(STORAGE_KEYS.token, token),
  roles: (): string[] => {
    try {
      return JSON.parse(localStorage.getItem(STORAGE_KEYS.role) ?? '[]') as string[];
    } catch {
      return [];
    }
  },
  setRoles: (roles: string[]) => localStorage.setItem(STORAGE_KEYS.role, JSON.stringify(roles)),
  currentRole: () => localStorage.getItem(STORAGE_KEYS.currentRole),
  setCurrentRole: (role: string) => localStorage.setItem(STORAGE_KEYS.currentRole, role),
  currentLocationId: () => {
    const value = Number(localStorage.getItem(STORAGE_KEYS.currentLocationId));
    return Number.isInteger(value) && value > 0 ? value : null;
  },
  setCurrentLocationId: (id: number) => localStorage.setItem(STORAGE_KEYS.currentLocationId, String(id)),
  clearCurrentLocationId: () => localStorage.removeItem(STORAGE_KEYS.currentLocationId),
  lenderTimelineTab: () => Number(localStorage.getItem(STORAGE_KEYS.lenderTimelineTab)) || null,
  setLenderTimelineTab: (id: number) => localStorage.setItem(STORAGE_KEYS.lenderTimelineTab, String(id)),
  /** Sign-out clears everything the portal stored. */
  clear: () => localStorage.clear(),
};

/** The language cookie holds the uppercase code (RU, EN); the server reads it for its messages too. */
export function localeFromCookie(): Locale {
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === STORAGE_KEYS.localeCookie)?.[1];
  return value?.toLowerCase() === 'en' ? 'en' : 'ru';
}

export function setLocaleCookie(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie reaches the server with the very first request; the Cookie Store API is not in every browser our users have.
  document.cookie = `${STORAGE_KEYS.localeCookie}=${locale.toUpperCase()}; path=/; max-age=31536000; samesite=lax`;
}
