import { describe, expect, it } from 'vitest';
import type { PublicItem } from '@sneakers/shared';
import { canGoToStep, isStepValid, onboardingInviteUrl, toOfferLines, type OfferDraft } from './offer';

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
  it('validates each step by the spec rules', () => {
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
