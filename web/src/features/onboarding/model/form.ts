import { CURRENCIES, PASSWORD_MIN_LENGTH, type Currency, type ProfileCreate } from '@sneakers/shared';
import { COUNTRIES, DEFAULT_COUNTRY_CODE, countryByCode } from './countries';

/** What the onboarding wizard collects (docs/product/accounts.md#onboarding-wizard). */
export type UserType = 'store' | 'reseller';
export type PreferredContact = 'email' | 'phone' | 'instagram';
export type OnboardingLanguage = 'en' | 'es';

export const ONBOARDING_STEPS = ['account', 'profile', 'privacy'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_CONTACTS: readonly PreferredContact[] = ['email', 'phone', 'instagram'];
export const ONBOARDING_CURRENCIES: readonly Currency[] = CURRENCIES;
export const ONBOARDING_LANGUAGES: readonly OnboardingLanguage[] = ['en', 'es'];

export interface OnboardingForm {
  email: string;
  password: string;
  userType: UserType;
  name: string;
  contactEmail: string;
  /** ISO code of the phone prefix picked from the country list. */
  phoneCountry: string;
  /** The number without its prefix. */
  phone: string;
  location: string;
  instagram: string;
  discord: string;
  preferredContact: PreferredContact;
  currency: Currency;
  language: OnboardingLanguage;
  avatar: File | null;
  shareWTB: boolean;
  shareWTS: boolean;
}

/** Defaults (docs/product/accounts.md#defaults): store, email, EUR, WTB shared, WTS private. */
export function defaultForm(language: OnboardingLanguage = 'en'): OnboardingForm {
  return {
    email: '',
    password: '',
    userType: 'store',
    name: '',
    contactEmail: '',
    phoneCountry: DEFAULT_COUNTRY_CODE,
    phone: '',
    location: '',
    instagram: '',
    discord: '',
    preferredContact: 'email',
    currency: 'EUR',
    language,
    avatar: null,
    shareWTB: true,
    shareWTS: false,
  };
}

/** Splits "+34 600 000 000" into the country whose prefix matches (longest first) and the rest. */
export function splitPhone(value: string): { phoneCountry?: string; phone: string } {
  const text = value.trim();
  if (!text.startsWith('+')) return { phone: text };
  const match = [...COUNTRIES]
    .sort((a, b) => b.dial.length - a.dial.length)
    .find((country) => text.startsWith(country.dial));
  if (!match) return { phone: text };
  return { phoneCountry: match.code, phone: text.slice(match.dial.length).trim() };
}

/**
 * Query-string prefill (docs/product/accounts.md#query-string-prefill): userType (store or reseller only), email, name,
 * phone, instagram, discord, language.
 */
export function prefillForm(params: URLSearchParams, base: OnboardingForm): OnboardingForm {
  const form = { ...base };
  const userType = params.get('userType');
  if (userType === 'store' || userType === 'reseller') form.userType = userType;
  const email = params.get('email');
  if (email) form.email = email;
  const name = params.get('name');
  if (name) form.name = name;
  const phone = params.get('phone');
  if (phone) Object.assign(form, splitPhone(phone));
  const instagram = params.get('instagram');
  if (instagram) form.instagram = instagram;
  const discord = params.get('discord');
  if (discord) form.discord = discord;
  const language = params.get('language');
  if (language === 'en' || language === 'es') form.language = language;
  return form;
}

/**
 * Leaving the account step copies the login email to the contact email and sets the list
 * sharing: WTB public, WTS public only for a reseller (docs/product/accounts.md#account-step).
 */
export function leaveAccountStep(form: OnboardingForm): OnboardingForm {
  return {
    ...form,
    contactEmail: form.email.trim(),
    shareWTB: true,
    shareWTS: form.userType === 'reseller',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type StepProblem = { title: string; text: string } | null;

/** Why Continue is blocked on `step`, as i18n keys of the error toast, or null. */
export function stepProblem(step: OnboardingStep, form: OnboardingForm): StepProblem {
  if (step === 'account') {
    if (!EMAIL.test(form.email.trim()) || form.password.length < PASSWORD_MIN_LENGTH)
      return { title: 'onboarding.toast.validationError', text: 'onboarding.toast.provideValidEmail' };
  }
  if (step === 'profile') {
    const blank = [form.name, form.contactEmail, form.phone, form.location].some((v) => !v.trim());
    if (blank)
      return { title: 'onboarding.toast.missingInformation', text: 'onboarding.toast.fillRequiredFields' };
  }
  return null;
}

/** The prefix from the list joined to the number with a space (docs/product/accounts.md#profile-step). */
export function fullPhone(form: Pick<OnboardingForm, 'phoneCountry' | 'phone'>): string {
  const dial = countryByCode(form.phoneCountry)?.dial ?? '';
  const number = form.phone.trim();
  return dial ? `${dial} ${number}` : number;
}

export { avatarProblem, type AvatarProblem } from '../../../lib/avatar-upload';

const optional = (value: string) => (value.trim() ? value.trim() : null);

/** The profile createMyProfile receives from the wizard. */
export function toProfileCreate(form: OnboardingForm): ProfileCreate {
  return {
    role: form.userType,
    businessName: form.name.trim(),
    contactEmail: form.contactEmail.trim(),
    phone: fullPhone(form),
    location: form.location.trim(),
    instagramHandle: optional(form.instagram),
    discord: optional(form.discord),
    preferredContact: form.preferredContact,
    currency: form.currency,
    language: form.language,
    publicWtbList: form.shareWTB,
    publicWtsList: form.shareWTS,
  };
}
