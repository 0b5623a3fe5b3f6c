import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeFromCookie } from '../storage';
import { en } from './en';
import { ru } from './ru';

/** ru first, en as the fallback for a missing message; the language cookie decides at start. */
export function setupI18n(language = localeFromCookie()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { ru: { translation: ru }, en: { translation: en } },
      lng: language,
      fallbackLng: 'en',
      supportedLngs: ['ru', 'en'],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    // The document follows the language: its lang attribute (screen readers, hyphenation) and its title.
    const follow = () => {
      document.documentElement.lang = i18n.language;
      document.title = i18n.t('layout.documentTitle');
    };
    follow();
    i18n.on('languageChanged', follow);
  }
  return i18n;
}
