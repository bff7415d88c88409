import { describe, expect, it } from 'vitest';
import type { PublicItem } from '@sneakers/shared';
import {
  canGoToStep,
  isStepValid,
  offerLanguage,
  offerTotals,
  onboardingInviteUrl,
  toOfferLines,
  type OfferDraft,
} from './offer';

const item = { id: 'i1', currency: 'EUR' } as PublicItem;
const valid: OfferDraft = {
  selections: [{ item, size: '42' }],
  contact: { name: 'Ana', email: 'ana@example.com', phone: '+34 600', instagram: '', discord: 'ana#1' },
  lines: { 'i1|42': { price: '120.50', quantity: '2', notes: ' ' } },
  message: '',
};
const empty: OfferDraft = {
  selections: [],
  contact: { name: '', email: '', phone: '', instagram: '', discord: '' },
  lines: {},
  message: '',
};

describe('offer steps', () => {
  it('validates each step by the documented rules', () => {
    expect(isStepValid('select', empty)).toBe(false);
    expect(isStepValid('select', valid)).toBe(true);
    expect(isStepValid('contact', valid)).toBe(true);
    expect(isStepValid('contact', { ...valid, contact: { ...valid.contact, discord: '' } })).toBe(false);
    expect(isStepValid('contact', { ...valid, contact: { ...valid.contact, email: 'nope' } })).toBe(false);
    expect(isStepValid('contact', { ...valid, contact: { ...valid.contact, phone: ' ' } })).toBe(false);
    expect(isStepValid('products', valid)).toBe(true);
    expect(
      isStepValid('products', { ...valid, lines: { 'i1|42': { price: '0', quantity: '1', notes: '' } } }),
    ).toBe(false);
    expect(
      isStepValid('products', { ...valid, lines: { 'i1|42': { price: '10', quantity: '0', notes: '' } } }),
    ).toBe(false);
    // Quantity defaults to 1, the price is still missing.
    expect(isStepValid('products', { ...valid, lines: {} })).toBe(false);
    expect(isStepValid('summary', valid)).toBe(true);
  });

  it('step dots go back freely and forward one step only from a valid step', () => {
    expect(canGoToStep(2, 0, empty)).toBe(true);
    expect(canGoToStep(0, 1, empty)).toBe(false);
    expect(canGoToStep(0, 1, valid)).toBe(true);
    expect(canGoToStep(0, 2, valid)).toBe(false);
    expect(canGoToStep(3, 4, valid)).toBe(false);
  });

  it('builds lines in cents and the onboarding invitation', () => {
    expect(toOfferLines(valid)).toEqual([
      { itemId: 'i1', size: '42', offeredPrice: 12050, quantity: 2, notes: null },
    ]);
    const url = new URL(onboardingInviteUrl(valid.contact, 'es-ES'), 'http://x');
    expect(url.pathname).toBe('/onboarding');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      userType: 'reseller',
      email: 'ana@example.com',
      name: 'Ana',
      phone: '+34 600',
      instagram: '',
      discord: 'ana#1',
      language: 'es',
    });
    expect(onboardingInviteUrl(valid.contact, 'en-GB')).toContain('language=en');
  });
});

describe('offer summary', () => {
  it('totals price times quantity per currency, in the order the currencies appear', () => {
    const usd = { id: 'i2', currency: 'USD' } as PublicItem;
    const other = { id: 'i3', currency: 'EUR' } as PublicItem;
    const draft: OfferDraft = {
      ...valid,
      selections: [...valid.selections, { item: usd, size: '10' }, { item: other, size: 'M' }],
      lines: {
        ...valid.lines,
        'i2|10': { price: '99', quantity: '1', notes: '' },
        'i3|M': { price: '10', quantity: '3', notes: '' },
      },
    };
    expect(offerTotals(draft)).toEqual([
      { currency: 'EUR', amount: 2 * 12050 + 3 * 1000 },
      { currency: 'USD', amount: 9900 },
    ]);
  });

  it('counts a line without a valid price or quantity as nothing', () => {
    const draft: OfferDraft = { ...valid, lines: { 'i1|42': { price: 'abc', quantity: '2', notes: '' } } };
    expect(offerTotals(draft)).toEqual([{ currency: 'EUR', amount: 0 }]);
    expect(offerTotals(empty)).toEqual([]);
  });

  it("sends the visitor's UI language as one the offer API knows", () => {
    expect(offerLanguage('es')).toBe('es');
    expect(offerLanguage('es-ES')).toBe('es');
    expect(offerLanguage('en-GB')).toBe('en');
    expect(offerLanguage('fr')).toBe('en');
  });
});
