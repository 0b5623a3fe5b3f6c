import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withTimeout } from '../chunk-timeout';
import { localeFromCookie } from '../storage';

/**
 * Each catalogue is a chunk of its own, loaded when its language is first used: the first screen carries only the
 * current language's texts (issue 16). changeLanguage resolves once the new catalogue has arrived.
 */
const catalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load: Promise<ResourceKey> =
      language === 'en' ? import('./en').then((m) => m.en) : import('./ru').then((m) => m.ru);
    withTimeout(load).then(
      (resources) => callback(null, resources),
      // true: i18next tries again a few times before it gives up.
      (error: Error) => callback(error, true),
    );
  },
};

let ready: Promise<unknown> | undefined;

/**
 * ru first; the language cookie decides at start. No fallback language: both catalogues have the same keys (the
 * resources test checks it), so a fallback would never be read and would only load a second catalogue.
 */
export function setupI18n(language = localeFromCookie()) {
  if (!ready) {
    // The document follows the language: its lang attribute (screen readers, hyphenation) and its title.
    const follow = () => {
      document.documentElement.lang = i18n.language;
      document.title = i18n.t('layout.documentTitle');
    };
    i18n.on('languageChanged', follow);
    ready = i18n
      .use(catalogues)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: false,
        supportedLngs: ['ru', 'en'],
        load: 'currentOnly',
        interpolation: { escapeValue: false },
        returnNull: false,
      });
  }
  return i18n;
}

/** Resolves once the start language's catalogue has arrived (or failed): the app renders then. */
export function i18nReady(): Promise<unknown> {
  return ready ?? Promise.resolve();
}
