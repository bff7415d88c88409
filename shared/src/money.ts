import * as z from 'zod/mini';

/** Money is integer cents with an ISO currency (docs/architecture.md#36-money-and-sizes); formatting is the UI's job. */
export const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

// Pure: a page that only formats money (store.html's first paint) does not load zod.
export const currencySchema = /* @__PURE__ */ z.enum(CURRENCIES);
export const centsSchema = /* @__PURE__ */ z.int().check(z.minimum(0), z.maximum(100_000_000_00));
export const moneySchema = /* @__PURE__ */ z.object({ amount: centsSchema, currency: currencySchema });
export type Money = z.infer<typeof moneySchema>;

/** Parses a decimal amount as typed by a person ("199.99", "199,99") into cents. */
export function toCents(input: string | number): number {
  const text = typeof input === 'number' ? input.toFixed(2) : input.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new RangeError(`Not an amount: ${String(input)}`);
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function fromCents(cents: number): number {
  return cents / 100;
}

// The app's two languages and three currencies are formatted by hand: the first
// Intl.NumberFormat of a page loads ICU's number data, tens of milliseconds on a phone,
// on the critical path of the public list. money.test.ts checks the output equals Intl's.
const FAST_FORMATS = {
  en: { symbols: { EUR: '€', USD: '$', GBP: '£' }, group: ',', decimal: '.', minGrouping: 4 },
  es: { symbols: { EUR: '€', USD: 'US$', GBP: 'GBP' }, group: '.', decimal: ',', minGrouping: 5 },
} as const;

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function fastFormat(money: Money, locale: string): string | undefined {
  const format = FAST_FORMATS[locale as keyof typeof FAST_FORMATS];
  const symbol = format?.symbols[money.currency as keyof typeof format.symbols];
  if (!format || !symbol || !Number.isSafeInteger(money.amount) || money.amount < 0) return undefined;
  const whole = String(Math.floor(money.amount / 100));
  const cents = String(money.amount % 100).padStart(2, '0');
  const grouped = whole.length >= format.minGrouping ? groupThousands(whole, format.group) : whole;
  const number = `${grouped}${format.decimal}${cents}`;
  return locale === 'en' ? `${symbol}${number}` : `${number}\u00a0${symbol}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(money: Money, locale = 'en'): string {
  const fast = fastFormat(money, locale);
  if (fast !== undefined) return fast;
  const key = `${locale}|${money.currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency });
    moneyFormats.set(key, format);
  }
  return format.format(fromCents(money.amount));
}

/**
 * A percentage of an amount in cents, the percentage in basis points (1250 = 12.5 %): integer
 * math, halves rounded up, so a fee is the same cent on the API and in the SPA.
 */
export function percentOfCents(cents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(cents) || !Number.isSafeInteger(basisPoints)) {
    throw new RangeError(`Not integer cents and basis points: ${cents}, ${basisPoints}`);
  }
  const sign = Math.sign(cents) * Math.sign(basisPoints);
  return sign * Math.floor((Math.abs(cents * basisPoints) + 5_000) / 10_000);
}
