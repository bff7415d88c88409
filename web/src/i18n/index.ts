import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../lib/storage';
import en from './en.json';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';
/** A language more than 5% short of English's keys falls back to English (spec section 4). */
export const TRANSLATION_FALLBACK_THRESHOLD = 0.05;

export type Bundles = Record<Language, Record<string, unknown>>;

/**
 * English ships inline; every other language is its own chunk, loaded before it is used
 * (the landing page's first load carries one language only).
 */
export const bundles: Partial<Bundles> & Pick<Bundles, 'en'> = { en };
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  es: () => import('./es.json'),
};

/** Loads (once) the bundle of `code` and registers it with i18next. */
export async function loadLanguageBundle(code: Language): Promise<void> {
  if (bundles[code]) return;
  if (code === 'en') return;
  const bundle = (await loaders[code]()).default;
  bundles[code] = bundle;
  if (i18n.isInitialized) i18n.addResourceBundle(code, 'translation', bundle, true, true);
}

export function isSupportedLanguage(code: unknown): code is Language {
  return typeof code === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(code);
}

/** Number of leaf strings in a nested translation object. */
export function countLeafKeys(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  let count = 0;
  for (const child of Object.values(value)) count += countLeafKeys(child);
  return count;
}

/**
 * The language actually used for `code`: English when `code`'s bundle is too incomplete
 * (or not loaded).
 */
export function pickLanguage(code: Language, from: Partial<Bundles> = bundles): Language {
  if (code === DEFAULT_LANGUAGE) return code;
  const chosenBundle = from[code];
  if (!chosenBundle) return DEFAULT_LANGUAGE;
  const english = countLeafKeys(from[DEFAULT_LANGUAGE]);
  const chosen = countLeafKeys(chosenBundle);
  return chosen < english * (1 - TRANSLATION_FALLBACK_THRESHOLD) ? DEFAULT_LANGUAGE : code;
}

/** The stored language preference, if any (before its bundle is loaded). */
export function storedLanguage(): Language {
  const stored = storage.get(LANGUAGE_STORAGE_KEY);
  return isSupportedLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function initialLanguage(from: Partial<Bundles> = bundles): Language {
  const stored = storage.get(LANGUAGE_STORAGE_KEY);
  return isSupportedLanguage(stored) ? pickLanguage(stored, from) : DEFAULT_LANGUAGE;
}

/**
 * Switches the UI language and remembers it. Throws 'Invalid language code' for anything
 * but en or es; stores and uses en when the chosen language is too incomplete.
 */
export function changeLanguage(code: string, from?: Partial<Bundles>): Promise<Language> {
  if (!isSupportedLanguage(code)) throw new Error('Invalid language code');
  const ready = from ? Promise.resolve() : loadLanguageBundle(code);
  return ready.then(() => {
    const effective = pickLanguage(code, from ?? bundles);
    storage.set(LANGUAGE_STORAGE_KEY, effective);
    return i18n.changeLanguage(effective).then(() => effective);
  });
}

export function setupI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  for (const code of SUPPORTED_LANGUAGES) {
    const bundle = bundles[code];
    if (bundle) resources[code] = { translation: bundle };
  }
  void i18n.use(initReactI18next).init({
    resources,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  const syncDocument = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  syncDocument(i18n.language);
  i18n.on('languageChanged', syncDocument);
  return i18n;
}

export { i18n };
