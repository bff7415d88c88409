import { formatMoney, OFFERABLE_LIST_TYPES, toCents, type Currency, type Deal } from '@sneakers/shared';

type OfferableListType = (typeof OFFERABLE_LIST_TYPES)[number];

/**
 * Whether the partner's item can receive an offer through `POST /api/offers`: only WTB and
 * WTC lists take offers today (docs/product/offers.md#who-can-offer). Read from the contract
 * so the board follows when the offers service takes more lists.
 */
export function isOfferable(listType: Deal['theirs']['listType']): listType is OfferableListType {
  return (OFFERABLE_LIST_TYPES as readonly string[]).includes(listType);
}

/** A price or a dash when it is unset. */
export function priceText(cents: number | null, currency: Currency, locale: string): string {
  return cents === null ? '—' : formatMoney({ amount: cents, currency }, locale);
}

/** A signed amount: "+€12.00", "−€3.50", "€0.00" (the minus sign, not a hyphen, for screen readers too). */
export function signedMoney(cents: number, currency: Currency, locale: string): string {
  const amount = formatMoney({ amount: Math.abs(cents), currency }, locale);
  if (cents > 0) return `+${amount}`;
  if (cents < 0) return `\u2212${amount}`;
  return amount;
}

export type MarginTone = 'positive' | 'negative' | 'zero';

export function marginTone(cents: number): MarginTone {
  return cents > 0 ? 'positive' : cents < 0 ? 'negative' : 'zero';
}

/**
 * The price a Make offer starts from: the partner's own price (what they asked or bid, so a
 * crossed deal trades at once), else mine. Null when neither is set.
 */
export function suggestedOfferPrice(deal: Deal): number | null {
  return deal.theirs.price ?? deal.mine.price;
}

export { relativeTime } from '../../../lib/relative-time';

/** Amount typed as "199.99" or "199,99" → cents; null when it is not an amount above 0. */
export function parsePrice(input: string): number | null {
  try {
    const cents = toCents(input);
    return cents > 0 ? cents : null;
  } catch {
    return null;
  }
}

/** Cents as the number a price input shows ("199.99"). */
export function centsInput(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}
