import { describe, expect, it } from 'vitest';
import { hasFlag, loadFlag } from '../components/country-flag';
import { COUNTRIES, countryName } from './countries';
import {
  avatarProblem,
  defaultForm,
  fullPhone,
  leaveAccountStep,
  prefillForm,
  stepProblem,
  toProfileCreate,
} from './form';

describe('onboarding form rules', () => {
  it('starts with the documented defaults', () => {
    const form = defaultForm();
    expect(form).toMatchObject({
      userType: 'store',
      preferredContact: 'email',
      currency: 'EUR',
      shareWTB: true,
      shareWTS: false,
    });
  });

  it('prefills from the query string; userType only takes store or reseller', () => {
    const params = new URLSearchParams({
      userType: 'reseller',
      email: 'kicks@example.com',
      name: 'Kicks',
      phone: '+44 7700 900123',
      instagram: '@kicks',
      discord: 'kicks#1',
      language: 'es',
    });
    const form = prefillForm(params, defaultForm());
    expect(form).toMatchObject({
      userType: 'reseller',
      email: 'kicks@example.com',
      name: 'Kicks',
      phoneCountry: 'GB',
      phone: '7700 900123',
      instagram: '@kicks',
      discord: 'kicks#1',
      language: 'es',
    });
    expect(prefillForm(new URLSearchParams({ userType: 'admin' }), defaultForm()).userType).toBe('store');
    expect(prefillForm(new URLSearchParams({ language: 'fr' }), defaultForm()).language).toBe('en');
  });

  it('copies the login email and sets the share flags when leaving the account step', () => {
    const store = leaveAccountStep({ ...defaultForm(), email: ' a@b.co ', shareWTB: false });
    expect(store).toMatchObject({ contactEmail: 'a@b.co', shareWTB: true, shareWTS: false });
    const reseller = leaveAccountStep({ ...defaultForm(), email: 'r@b.co', userType: 'reseller' });
    expect(reseller).toMatchObject({ contactEmail: 'r@b.co', shareWTB: true, shareWTS: true });
  });

  it('blocks the account step without a valid email and a 6-character password', () => {
    const problem = { title: 'onboarding.toast.validationError', text: 'onboarding.toast.provideValidEmail' };
    expect(stepProblem('account', defaultForm())).toEqual(problem);
    expect(stepProblem('account', { ...defaultForm(), email: 'a@b.co', password: '12345' })).toEqual(problem);
    expect(stepProblem('account', { ...defaultForm(), email: 'nope', password: '123456' })).toEqual(problem);
    expect(stepProblem('account', { ...defaultForm(), email: 'a@b.co', password: '123456' })).toBeNull();
  });

  it('blocks the profile step while name, contact email, phone or location is blank', () => {
    const filled = { ...defaultForm(), name: 'N', contactEmail: 'a@b.co', phone: '600', location: 'Madrid' };
    expect(stepProblem('profile', filled)).toBeNull();
    for (const field of ['name', 'contactEmail', 'phone', 'location'] as const) {
      expect(stepProblem('profile', { ...filled, [field]: '   ' })).toEqual({
        title: 'onboarding.toast.missingInformation',
        text: 'onboarding.toast.fillRequiredFields',
      });
    }
  });

  it('joins the country prefix to the number with a space', () => {
    expect(fullPhone({ phoneCountry: 'ES', phone: ' 600 111 222 ' })).toBe('+34 600 111 222');
    expect(fullPhone({ phoneCountry: 'US', phone: '5550100' })).toBe('+1 5550100');
  });

  it('lists 75 countries, each with code, name, an SVG flag and dial prefix', async () => {
    expect(COUNTRIES).toHaveLength(75);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(75);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dial).toMatch(/^\+\d{1,4}$/);
      expect(country.name).not.toBe('');
      expect(hasFlag(country.code)).toBe(true);
    }
    const spain = await loadFlag('ES');
    expect(decodeURIComponent(spain ?? '')).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg /);
    expect(await loadFlag('XX')).toBeNull();
  });

  it("names countries in the UI's language", () => {
    const spain = COUNTRIES.find((c) => c.code === 'ES');
    const germany = COUNTRIES.find((c) => c.code === 'DE');
    if (!spain || !germany) throw new Error('Spain and Germany are listed');
    expect(countryName(spain, 'en')).toBe('Spain');
    expect(countryName(spain, 'es')).toBe('España');
    expect(countryName(germany, 'es')).toBe('Alemania');
  });

  it('accepts only images of at most 5 MB as avatar', () => {
    expect(avatarProblem({ type: 'application/pdf', size: 10 })?.title).toBe(
      'onboarding.avatar.invalidTitle',
    );
    expect(avatarProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })?.title).toBe(
      'onboarding.avatar.tooLargeTitle',
    );
    expect(avatarProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('maps the form to the profile the API creates', () => {
    const form = {
      ...leaveAccountStep({ ...defaultForm(), email: 'r@b.co', userType: 'reseller' as const }),
      name: ' Kicks ',
      phone: '600',
      location: 'Madrid',
      instagram: '',
      discord: 'kicks',
    };
    expect(toProfileCreate(form)).toEqual({
      role: 'reseller',
      businessName: 'Kicks',
      contactEmail: 'r@b.co',
      phone: '+34 600',
      location: 'Madrid',
      instagramHandle: null,
      discord: 'kicks',
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: true,
      publicWtsList: true,
    });
  });
});
