import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import keyCounts from 'virtual:i18n-key-counts';
import { storage } from '../lib/storage';
import en from './en.json';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';
/** A language more than 5% short of English's keys falls back to English (docs/product/dashboard-shell.md#translation-fallback). */
export const TRANSLATION_FALLBACK_THRESHOLD = 0.05;

/** A nested translation object, as in the JSON files. */
export type Strings = Record<string, unknown>;
export type Bundles = Record<Language, Strings>;

/** A part's strings in one language: inline, or a chunk loaded on demand. */
export type StringsSource = Strings | (() => Promise<{ default: Strings }>);

/**
 * One folder's strings (docs/adr/0007-strings-per-feature.md). Every part merges into the one
 * i18next namespace, so `t('lists.status.active')` reads the same wherever the key lives.
 */
export interface StringsPart {
  /** The folder that owns it: a feature's name, 'core' or 'app'. */
  readonly name: string;
  readonly sources: Readonly<Record<Language, StringsSource>>;
  /** Parts whose keys this part's code also shows. */
  readonly needs?: readonly StringsPart[];
}

export function defineStrings(part: StringsPart): StringsPart {
  return part;
}

/** What every entry shows (spinners, errors, language and theme controls): English is inline. */
export const coreStrings = defineStrings({
  name: 'core',
  sources: { en, es: () => import('./es.json') },
});

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
 * Leaf keys per language over every part, counted at build time (vite.config.ts): no part
 * needs to be loaded to judge a whole language.
 */
export const KEY_COUNTS: Readonly<Record<Language, number>> = {
  en: keyCounts.en ?? 0,
  es: keyCounts.es ?? 0,
};

/**
 * The language actually used for `code`: English when `code` is too incomplete. `from`
 * judges whole bundles instead of the build's counts (tests).
 */
export function pickLanguage(code: Language, from?: Partial<Bundles>): Language {
  if (code === DEFAULT_LANGUAGE) return code;
  const count = (lng: Language) => (from ? (from[lng] ? countLeafKeys(from[lng]) : 0) : KEY_COUNTS[lng]);
  const chosen = count(code);
  if (chosen === 0) return DEFAULT_LANGUAGE;
  return chosen < count(DEFAULT_LANGUAGE) * (1 - TRANSLATION_FALLBACK_THRESHOLD) ? DEFAULT_LANGUAGE : code;
}

/**
 * The first of the browser's preferred languages (navigator.languages, in the visitor's order)
 * that the app speaks, by its primary subtag: 'es-ES' and 'es-419' are Spanish.
 */
export function browserLanguage(
  preferred: readonly string[] | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.languages,
): Language | undefined {
  for (const tag of preferred ?? []) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isSupportedLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * The language before its strings are loaded: the visitor's own choice (the switcher stores
 * it) wins; until they choose, the browser's preference; else English.
 */
export function storedLanguage(preferred?: readonly string[]): Language {
  const stored = storage.get(LANGUAGE_STORAGE_KEY);
  if (isSupportedLanguage(stored)) return stored;
  return browserLanguage(preferred) ?? DEFAULT_LANGUAGE;
}

export function initialLanguage(from?: Partial<Bundles>, preferred?: readonly string[]): Language {
  const wanted = storedLanguage(preferred);
  return wanted === DEFAULT_LANGUAGE ? wanted : pickLanguage(wanted, from);
}

/** Every part some loaded code shows: a language switch loads them all first. */
const inUse = new Set<StringsPart>([coreStrings]);
const loads = new Map<StringsPart, Partial<Record<Language, Promise<void>>>>();
/** The language being switched to, so a part asked for meanwhile loads in it too. */
let switching: Language | undefined;

function withNeeds(parts: readonly StringsPart[], into = new Set<StringsPart>()): Set<StringsPart> {
  for (const part of parts) {
    if (into.has(part)) continue;
    into.add(part);
    withNeeds(part.needs ?? [], into);
  }
  return into;
}

/** A language short of keys shows English for the missing ones, so English loads with it. */
function languagesFor(lng: Language): Language[] {
  return lng === DEFAULT_LANGUAGE || KEY_COUNTS[lng] >= KEY_COUNTS[DEFAULT_LANGUAGE]
    ? [lng]
    : [lng, DEFAULT_LANGUAGE];
}

function loadPart(part: StringsPart, lng: Language): Promise<void> {
  const loaded = loads.get(part) ?? {};
  loads.set(part, loaded);
  const existing = loaded[lng];
  if (existing) return existing;
  const source = part.sources[lng];
  const load = (
    typeof source === 'function' ? source().then((m) => m.default) : Promise.resolve(source)
  ).then((strings) => {
    setupI18n().addResourceBundle(lng, 'translation', strings, true, true);
  });
  // A failed chunk is asked for again by the next screen that needs it.
  load.catch(() => delete loaded[lng]);
  loaded[lng] = load;
  return load;
}

function loadIn(languages: Iterable<Language>, parts: Iterable<StringsPart>): Promise<void> {
  const all = [...parts];
  const wanted = new Set([...languages].flatMap(languagesFor));
  return Promise.all([...wanted].flatMap((lng) => all.map((part) => loadPart(part, lng)))).then(() => {});
}

/**
 * Loads `parts` (and what they need) in the language in use: a screen's loader awaits it with
 * its chunk, so no screen renders a raw key.
 */
export function loadStrings(...parts: StringsPart[]): Promise<void> {
  const all = withNeeds(parts);
  for (const part of all) inUse.add(part);
  const current = isSupportedLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return loadIn(switching ? [current, switching] : [current], all);
}

/** `load` (a screen's chunk) resolved once `parts` are loaded too; both start at once. */
export function withStrings<T>(load: Promise<T>, ...parts: StringsPart[]): Promise<T> {
  return Promise.all([load, loadStrings(...parts)]).then(([module]) => module);
}

async function switchTo(lng: Language): Promise<void> {
  switching = lng;
  try {
    await loadIn([lng], inUse);
    await i18n.changeLanguage(lng);
  } finally {
    if (switching === lng) switching = undefined;
  }
}

/**
 * An entry's first step: `parts` (what its first screen shows) in the stored language, or
 * English when that language is too incomplete.
 */
export async function startI18n(...parts: StringsPart[]): Promise<Language> {
  setupI18n();
  for (const part of withNeeds(parts)) inUse.add(part);
  const lng = initialLanguage();
  await switchTo(lng);
  return lng;
}

/**
 * Switches the UI language and remembers it. Throws 'Invalid language code' for anything
 * but en or es; stores and uses en when the chosen language is too incomplete. Every part in
 * use is loaded in the new language before the switch.
 */
export function changeLanguage(code: string, from?: Partial<Bundles>): Promise<Language> {
  if (!isSupportedLanguage(code)) throw new Error('Invalid language code');
  const effective = pickLanguage(code, from);
  if (from) {
    storage.set(LANGUAGE_STORAGE_KEY, effective);
    return i18n.changeLanguage(effective).then(() => effective);
  }
  // Remember the choice before its strings arrive: a reload or link followed meanwhile keeps it.
  storage.set(LANGUAGE_STORAGE_KEY, effective);
  return switchTo(effective).then(() => effective);
}

/** Starts i18next once, in English with the core strings; `startI18n` moves to the stored language. */
export function setupI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    // A copy: i18next merges every later part into the object it is given.
    resources: { [DEFAULT_LANGUAGE]: { translation: structuredClone(en) } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  loads.set(coreStrings, { [DEFAULT_LANGUAGE]: Promise.resolve() });
  const syncDocument = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  syncDocument(i18n.language);
  i18n.on('languageChanged', syncDocument);
  return i18n;
}

export { i18n };
