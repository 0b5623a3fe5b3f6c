import type { Locale } from '@portal/contract/constants';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { setLocaleCookie, storage } from '../storage';

/** Switches ru ↔ en: the cookie keeps it (and tells the server), a signed-in user's choice is saved too. */
export function useLanguage(): [Locale, (locale: Locale) => void] {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  return [
    locale,
    (next) => {
      setLocaleCookie(next);
      void i18n.changeLanguage(next);
      if (storage.token())
        void call('POST /locale/set-user-locale', { query: { userLocale: next } }).catch(() => undefined);
    },
  ];
}
