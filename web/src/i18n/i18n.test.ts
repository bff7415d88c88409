import { afterEach, describe, expect, it } from 'vitest';
import '../test/setup';
import { crmStrings } from '../features/crm/pages';
import { notificationsStrings } from '../features/notifications/sections';
import { profileStrings } from '../features/profile/pages';
import { themeStrings } from '../features/theme/pages';
import {
  browserLanguage,
  changeLanguage,
  countLeafKeys,
  i18n,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  loadStrings,
  pickLanguage,
  startI18n,
  withStrings,
  type Bundles,
} from '.';

/** An English bundle of `n` leaf keys, nested like the real one. */
function bundleOf(n: number): Record<string, unknown> {
  const group: Record<string, string> = {};
  for (let i = 0; i < n; i++) group[`key${i}`] = `text ${i}`;
  return { group };
}

describe('translations', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
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

  it("follows the browser's preferred languages until the visitor chooses one", () => {
    expect(browserLanguage(['es-ES', 'en'])).toBe('es');
    expect(browserLanguage(['fr-FR', 'es-419', 'en'])).toBe('es');
    expect(browserLanguage(['en-GB', 'es'])).toBe('en');
    expect(browserLanguage(['fr', 'de'])).toBeUndefined();
    expect(initialLanguage(undefined, ['es-ES', 'es'])).toBe('es');
    expect(initialLanguage(undefined, ['fr', 'de'])).toBe('en');
    // Too incomplete a Spanish still falls back to English.
    expect(initialLanguage({ en: bundleOf(100), es: bundleOf(10) }, ['es'])).toBe('en');
    // The switcher's choice is remembered and wins over the browser.
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(initialLanguage(undefined, ['es-ES', 'es'])).toBe('en');
  });
});

/** A key's text in `lng`, if that language of its part is loaded. */
const loadedText = (lng: string, key: string) =>
  i18n.getResource(lng, 'translation', key) as string | undefined;

describe('strings per feature', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('loads a part with the parts it needs, in the language in use', async () => {
    expect(i18n.exists('profile.title')).toBe(false);
    await loadStrings(profileStrings);
    expect(i18n.t('profile.title')).toBe(loadedText('en', 'profile.title'));
    // profile needs the account forms' shared part (contact names, sign-in fields).
    expect(i18n.exists('contacts.email')).toBe(true);
    expect(i18n.exists('auth.fields.email')).toBe(true);
    expect(loadedText('es', 'profile.title')).toBeUndefined();
  });

  it('resolves a screen only once its strings are in', async () => {
    let stringsIn = false;
    const screen = await withStrings(
      Promise.resolve('screen').then((value) => {
        stringsIn = i18n.exists('clients.search');
        return value;
      }),
      crmStrings,
    );
    expect(screen).toBe('screen');
    expect(stringsIn).toBe(false);
    expect(i18n.exists('clients.search')).toBe(true);
  });

  it('loads every part in use in the new language before switching to it', async () => {
    await loadStrings(notificationsStrings);
    const shown: string[] = [];
    const onChange = () => shown.push(i18n.t('notifications.empty'));
    i18n.on('languageChanged', onChange);
    try {
      await changeLanguage('es');
    } finally {
      i18n.off('languageChanged', onChange);
    }
    const spanish = loadedText('es', 'notifications.empty');
    expect(spanish).toBeTruthy();
    expect(spanish).not.toBe(loadedText('en', 'notifications.empty'));
    expect(shown).toEqual([spanish]);
  });

  it('loads a part asked for after the switch in the new language', async () => {
    await changeLanguage('es');
    await loadStrings(themeStrings);
    expect(i18n.t('themeTest.title')).toBe(loadedText('es', 'themeTest.title'));
    expect(loadedText('es', 'themeTest.title')).not.toBe(loadedText('en', 'themeTest.title'));
  });

  it("starts an entry in the stored language with its first screen's parts loaded", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    await expect(startI18n(crmStrings)).resolves.toBe('es');
    expect(i18n.language).toBe('es');
    expect(i18n.resolvedLanguage).toBe('es');
    expect(i18n.t('clients.search')).toBe(loadedText('es', 'clients.search'));
    expect(i18n.t('common.loading')).toBe('Cargando...');
  });
});
