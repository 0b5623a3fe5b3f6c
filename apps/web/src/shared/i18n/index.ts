import type { Locale } from '@portal/contract/constants';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withTimeout } from '../chunk-timeout';
import { localeFromCookie } from '../storage';

/**
 * The texts come in three parts, each a chunk per language: the sign-in screens' (the first screen loads
 * only these), the signed-in areas' (loaded with their layout) and the console's (with its layout). A language
 * loads the parts asked for so far; changeLanguage resolves once they have arrived.
 */
export type TextPart = 'signIn' | 'app' | 'backoffice';

type Texts = Record<string, unknown>;

const sources: Record<TextPart, Record<Locale, () => Promise<Texts>>> = {
  signIn: {
    ru: () => import('./ru-sign-in').then((m) => m.ruSignIn),
    en: () => import('./en-sign-in').then((m) => m.enSignIn),
  },
  app: {
    ru: () => import('./ru').then((m) => m.ru),
    en: () => import('./en').then((m) => m.en),
  },
  backoffice: {
    ru: () => import('./ru-backoffice').then((m) => m.ruBackoffice),
    en: () => import('./en-backoffice').then((m) => m.enBackoffice),
  },
};

const wanted = new Set<TextPart>(['signIn']);
const loads = new Map<string, Promise<Texts>>();

/** One part of one language, loaded once (with the spec's 120 s chunk timeout; a failed load may be tried again). */
function loadPart(part: TextPart, language: string): Promise<Texts> {
  const key = `${part}:${language}`;
  let load = loads.get(key);
  if (!load) {
    load = withTimeout(sources[part][language === 'en' ? 'en' : 'ru']()).catch((error: unknown) => {
      loads.delete(key);
      throw error;
    });
    loads.set(key, load);
  }
  return load;
}

const isObject = (value: unknown): value is Texts => typeof value === 'object' && value !== null;

/** The parts as one catalogue: a section two parts share (layout) gets the keys of both. */
function merge(parts: Texts[]): Texts {
  const into: Texts = {};
  for (const part of parts)
    for (const [key, value] of Object.entries(part)) {
      const present = into[key];
      into[key] = isObject(present) && isObject(value) ? merge([present, value]) : value;
    }
  return into;
}

const catalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    Promise.all([...wanted].map((part) => loadPart(part, language))).then(
      (parts) => callback(null, merge(parts) as ResourceKey),
      // true: i18next tries again a few times before it gives up.
      (error: Error) => callback(error, true),
    );
  },
};

let ready: Promise<unknown> | undefined;
let startLanguage: Locale | undefined;

/**
 * ru first; the language cookie decides at start. No fallback language: both languages have the same keys (the
 * resources test checks it), so a fallback would never be read and would only load a second catalogue.
 */
export function setupI18n(language = localeFromCookie()) {
  if (!ready) {
    startLanguage = language;
    // The texts' chunks start now, beside the first route's: i18next asks for them a turn later.
    for (const part of wanted) void loadPart(part, language).catch(() => undefined);
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

/**
 * Adds a part of the texts (the signed-in areas', the console's) to the current language, and to every language
 * chosen later. A layout's route waits for it, so its pages render with their texts; a part that has not arrived
 * after 120 s rejects, and the route's error screen offers a reload.
 */
export async function loadTexts(part: TextPart): Promise<void> {
  wanted.add(part);
  // The router enters the first route while the app's modules load, before main.tsx has set i18next up: the same
  // set-up (idempotent), so that the part and the start language's catalogue load side by side.
  setupI18n();
  const language = i18n.language || startLanguage || 'ru';
  const [texts] = await Promise.all([loadPart(part, language), i18nReady()]);
  i18n.addResourceBundle(language, 'translation', texts, true, true);
}
