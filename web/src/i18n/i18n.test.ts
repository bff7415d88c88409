import { afterEach, describe, expect, it } from 'vitest';
import '../test/setup';
import {
  bundles,
  changeLanguage,
  countLeafKeys,
  i18n,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  pickLanguage,
  type Bundles,
} from '.';

/** An English bundle of `n` leaf keys, nested like the real one. */
function bundleOf(n: number): Record<string, unknown> {
  const group: Record<string, string> = {};
  for (let i = 0; i < n; i++) group[`key${i}`] = `text ${i}`;
  return { group };
}

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('ships en and es with exactly the same keys, none empty', () => {
    expect(flatKeys(bundles.es).sort()).toEqual(flatKeys(bundles.en).sort());
    for (const bundle of [bundles.en, bundles.es]) {
      for (const key of flatKeys(bundle))
        expect(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bundle)).not.toBe(
          '',
        );
    }
  });

  it('counts flattened leaf keys', () => {
    expect(countLeafKeys({ a: 'x', b: { c: 'y', d: { e: 'z' } } })).toBe(3);
  });

  it('keeps a language that is at most 5% short of English', () => {
    const from: Bundles = { en: bundleOf(100), es: bundleOf(95) };
    expect(pickLanguage('es', from)).toBe('es');
  });

  it('falls back to English when a language is more than 5% short, and stores en', async () => {
    const from: Bundles = { en: bundleOf(100), es: bundleOf(94) };
    expect(pickLanguage('es', from)).toBe('en');
    await expect(changeLanguage('es', from)).resolves.toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(i18n.language).toBe('en');
  });

  it('switches to Spanish and remembers it', async () => {
    await expect(changeLanguage('es')).resolves.toBe('es');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(i18n.t('common.loading')).toBe('Cargando...');
    expect(document.documentElement.lang).toBe('es');
  });

  it.each(['fr', 'EN', '', 'es-ES'])('rejects the code %j with "Invalid language code"', (code) => {
    expect(() => changeLanguage(code)).toThrow(new Error('Invalid language code'));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('starts in the stored language, or English', () => {
    expect(initialLanguage()).toBe('en');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    expect(initialLanguage()).toBe('es');
    expect(initialLanguage({ en: bundleOf(100), es: bundleOf(10) })).toBe('en');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(initialLanguage()).toBe('en');
  });
});
