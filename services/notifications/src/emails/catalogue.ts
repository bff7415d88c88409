import type { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The copy of every email and in-app notification, per language, in ./locales (nested
 * keys, `{{placeholder}}` interpolation as in the SPA's web/src/i18n). English is the
 * reference: its shape gives the key type; catalogue.test.ts keeps es.json to exactly the
 * same keys and placeholders.
 */
export type Language = (typeof LANGUAGES)[number];

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<typeof en>;
export type Params = Record<string, string | number>;

/** `{ a: { b: 'x' } }` → `a.b` → 'x'. */
export function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

export const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholder names of one message, sorted and without repeats. */
export function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].sort();
}

export const CATALOGUES: Record<Language, ReadonlyMap<string, string>> = {
  en: flatten(en),
  es: flatten(es),
};

/** The language an email is written in: `es`, or English for anything else. */
export function languageOf(code: string | null | undefined): Language {
  return code === 'es' ? 'es' : 'en';
}

/** True when `key` names a message (for keys built from data, such as a status word). */
export function isMessageKey(key: string): key is MessageKey {
  return CATALOGUES.en.has(key);
}

/**
 * The message `key` in `language` with its placeholders filled. A missing message or
 * parameter throws: a half-rendered email must never reach a customer (the consumer fails
 * and the bus retries, then parks the event).
 */
export function t(language: Language, key: MessageKey, params: Params = {}): string {
  const message = CATALOGUES[language].get(key);
  if (message === undefined) throw new Error(`No ${language} message ${key}`);
  return message.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Message ${key} needs {{${name}}}`);
    return String(value);
  });
}
