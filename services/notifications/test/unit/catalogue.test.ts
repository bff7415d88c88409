import { describe, expect, it } from 'vitest';
import { CATALOGUES, placeholders, t } from '../../src/emails/catalogue';

describe('email catalogues', () => {
  it('en and es have exactly the same keys', () => {
    expect([...CATALOGUES.es.keys()].sort()).toEqual([...CATALOGUES.en.keys()].sort());
  });

  it('every message has the same placeholders in en and es', () => {
    for (const [key, english] of CATALOGUES.en)
      expect({ key, placeholders: placeholders(CATALOGUES.es.get(key) ?? '') }).toEqual({
        key,
        placeholders: placeholders(english),
      });
  });

  it('no message is empty', () => {
    for (const catalogue of Object.values(CATALOGUES))
      for (const [key, message] of catalogue)
        expect({ key, empty: message.trim() === '' }).toEqual({ key, empty: false });
  });

  it('interpolates once, and refuses a missing parameter', () => {
    expect(t('en', 'common.hello', { name: '{{name}}' })).toBe('Hi {{name}},');
    expect(() => t('es', 'common.hello')).toThrow('common.hello needs {{name}}');
  });
});
