import * as z from 'zod/mini';

/** Money is integer cents with an ISO currency (DESIGN 3.6); formatting is the UI's job. */
export const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

export const currencySchema = z.enum(CURRENCIES);
export const centsSchema = z.int().check(z.minimum(0), z.maximum(100_000_000_00));
export const moneySchema = z.object({ amount: centsSchema, currency: currencySchema });
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

export function formatMoney(money: Money, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(
    fromCents(money.amount),
  );
}
