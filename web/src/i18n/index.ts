import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../lib/storage';
import en from './en.json';
import es from './es.json';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';
/** A language more than 5% short of English's keys falls back to English (spec section 4). */
export const TRANSLATION_FALLBACK_THRESHOLD = 0.05;

export type Bundles = Record<Language, Record<string, unknown>>;
export const bundles: Bundles = { en, es };

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

/** The language actually used for `code`: English when `code`'s bundle is too incomplete. */
export function pickLanguage(code: Language, from: Bundles = bundles): Language {
  if (code === DEFAULT_LANGUAGE) return code;
  const english = countLeafKeys(from[DEFAULT_LANGUAGE]);
  const chosen = countLeafKeys(from[code]);
  return chosen < english * (1 - TRANSLATION_FALLBACK_THRESHOLD) ? DEFAULT_LANGUAGE : code;
}

export function initialLanguage(from: Bundles = bundles): Language {
  const stored = storage.get(LANGUAGE_STORAGE_KEY);
  return isSupportedLanguage(stored) ? pickLanguage(stored, from) : DEFAULT_LANGUAGE;
}

/**
 * Switches the UI language and remembers it. Throws 'Invalid language code' for anything
 * but en or es; stores and uses en when the chosen language is too incomplete.
 */
export function changeLanguage(code: string, from: Bundles = bundles): Promise<Language> {
  if (!isSupportedLanguage(code)) throw new Error('Invalid language code');
  const effective = pickLanguage(code, from);
  storage.set(LANGUAGE_STORAGE_KEY, effective);
  return i18n.changeLanguage(effective).then(() => effective);
}

export function setupI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
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
