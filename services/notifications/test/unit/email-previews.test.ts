import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@sneakers/shared/contracts/profiles';
import { EMAIL_TYPES, providerRegisteredMessage } from '../../src/emails';
import { previewIndex, previewPage, renderSamples } from '../../src/emails/preview';

const unfilled = /\{\{|undefined|NaN|\[object /;

describe('email previews', () => {
  const previews = renderSamples();

  it('render every email type in every language', () => {
    expect(previews.map((p) => `${p.type}.${p.language}`).sort()).toEqual(
      EMAIL_TYPES.flatMap((type) => LANGUAGES.map((language) => `${type}.${language}`)).sort(),
    );
  });

  it('leave no placeholder or undefined in subject, text or html', () => {
    for (const { type, language, email } of previews)
      for (const part of ['to', 'subject', 'text', 'html'] as const)
        expect(email[part], `${type}.${language} ${part}`).not.toMatch(unfilled);
    for (const language of LANGUAGES) {
      const { title, body } = providerRegisteredMessage(language, { providerName: 'Ana' });
      expect(`${title} ${body}`).not.toMatch(unfilled);
    }
  });

  it('differ between languages and build the preview pages', () => {
    for (const type of EMAIL_TYPES) {
      const [en, es] = LANGUAGES.map((l) => previews.find((p) => p.type === type && p.language === l));
      expect(en!.email.text).not.toBe(es!.email.text);
    }
    expect(previewIndex(previews)).toContain('booking_confirmation.es.html');
    expect(previewPage(previews[0]!)).toContain(previews[0]!.email.html);
  });
});
