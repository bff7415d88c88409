import type { PublicItem } from '@sneakers/shared/contracts/lists';
import type { LANGUAGES } from '@sneakers/shared/contracts/profile-values';
import { toCents, type Currency } from '@sneakers/shared/money';
import { amountProblem } from '@sneakers/shared/rules/amounts';

export const OFFER_STEPS = ['select', 'contact', 'products', 'summary'] as const;
export type OfferStep = (typeof OFFER_STEPS)[number];

export interface Selection {
  item: PublicItem;
  size: string;
}
export const selectionKey = (itemId: string, size: string) => `${itemId}|${size}`;

export interface OfferContact {
  name: string;
  email: string;
  phone: string;
  instagram: string;
  discord: string;
}
export interface OfferLineDraft {
  price: string;
  quantity: string;
  notes: string;
}
export interface OfferDraft {
  selections: Selection[];
  contact: OfferContact;
  lines: Record<string, OfferLineDraft>;
  message: string;
}

export const EMPTY_CONTACT: OfferContact = { name: '', email: '', phone: '', instagram: '', discord: '' };
export const DEFAULT_LINE: OfferLineDraft = { price: '', quantity: '1', notes: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function priceCents(text: string): number | null {
  try {
    const cents = toCents(text);
    // Above the published bound it is no price: the step asks for one, the total shows none.
    return amountProblem(cents, { positive: true }) ? null : cents;
  } catch {
    return null;
  }
}

export function quantityOf(text: string): number | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 999 ? n : null;
}

export function lineOf(draft: OfferDraft, s: Selection): OfferLineDraft {
  return draft.lines[selectionKey(s.item.id, s.size)] ?? DEFAULT_LINE;
}

/** Whether a step is complete (docs/product/offers.md#steps). */
export function isStepValid(step: OfferStep, draft: OfferDraft): boolean {
  switch (step) {
    case 'select':
      return draft.selections.length > 0;
    case 'contact': {
      const c = draft.contact;
      return Boolean(
        c.name.trim() &&
        EMAIL.test(c.email.trim()) &&
        c.phone.trim() &&
        (c.instagram.trim() || c.discord.trim()),
      );
    }
    case 'products':
      return (
        draft.selections.length > 0 &&
        draft.selections.every((s) => {
          const line = lineOf(draft, s);
          return priceCents(line.price) !== null && quantityOf(line.quantity) !== null;
        })
      );
    case 'summary':
      return OFFER_STEPS.slice(0, 3).every((prior) => isStepValid(prior, draft));
  }
}

/** A step dot goes back freely, forward only one step and only if the current step is valid. */
export function canGoToStep(current: number, target: number, draft: OfferDraft): boolean {
  if (target < 0 || target >= OFFER_STEPS.length) return false;
  if (target <= current) return true;
  return target === current + 1 && isStepValid(OFFER_STEPS[current]!, draft);
}

/** The lines sent to the API (prices in cents). */
export function toOfferLines(draft: OfferDraft) {
  return draft.selections.map((s) => {
    const line = lineOf(draft, s);
    return {
      itemId: s.item.id,
      size: s.size,
      offeredPrice: priceCents(line.price) ?? 0,
      quantity: quantityOf(line.quantity) ?? 1,
      notes: line.notes.trim() || null,
    };
  });
}

/**
 * What the offer adds up to, price times quantity over its lines: one total per currency (a
 * list's items normally share one), in the order the currencies first appear.
 */
export function offerTotals(draft: OfferDraft): { currency: Currency; amount: number }[] {
  const totals = new Map<Currency, number>();
  for (const s of draft.selections) {
    const line = lineOf(draft, s);
    const amount = (priceCents(line.price) ?? 0) * (quantityOf(line.quantity) ?? 0);
    totals.set(s.item.currency, (totals.get(s.item.currency) ?? 0) + amount);
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

/** The visitor's UI language as the offer API knows it: their answer emails are written in it. */
export function offerLanguage(uiLanguage: string): (typeof LANGUAGES)[number] {
  return uiLanguage.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** /onboarding prefilled for a visitor who just sent an anonymous offer. */
export function onboardingInviteUrl(contact: OfferContact, browserLanguage: string): string {
  const params = new URLSearchParams({
    userType: 'reseller',
    email: contact.email.trim(),
    name: contact.name.trim(),
    phone: contact.phone.trim(),
    instagram: contact.instagram.trim(),
    discord: contact.discord.trim(),
    language: offerLanguage(browserLanguage),
  });
  return `/onboarding?${params.toString()}`;
}

/**
 * What the visitor has typed in the offer modal, kept by the list while the modal is closed
 * with the browser's Back (docs/product/offers.md#back-and-leaving); the selections live on
 * the list itself. `session` names the history entries of one draft.
 */
export interface OfferForm {
  session: string;
  step: number;
  contact: OfferContact;
  lines: Record<string, OfferLineDraft>;
  message: string;
  /** One key per draft: a retry or a double click creates the offer once. */
  idempotencyKey: string;
}

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function newOfferForm(contact: OfferContact): OfferForm {
  return { session: randomId(), step: 0, contact, lines: {}, message: '', idempotencyKey: randomId() };
}

/** Whether leaving would lose something the visitor typed (a prefilled contact is not theirs). */
export function hasUnsavedInput(form: OfferForm, prefilled: OfferContact): boolean {
  const typedContact = (Object.keys(prefilled) as (keyof OfferContact)[]).some(
    (key) => form.contact[key] !== prefilled[key],
  );
  const typedLine = Object.values(form.lines).some(
    (line) => line.price.trim() !== '' || line.notes.trim() !== '' || line.quantity !== DEFAULT_LINE.quantity,
  );
  return typedContact || typedLine || form.message.trim() !== '';
}

/**
 * The furthest step up to `target` the draft reaches from `current` (each step forward needs
 * the one before it complete): where the browser's Forward may land.
 */
export function reachableStep(current: number, target: number, draft: OfferDraft): number {
  let step = Math.min(current, target);
  while (step < target && canGoToStep(step, step + 1, draft)) step += 1;
  return step;
}
