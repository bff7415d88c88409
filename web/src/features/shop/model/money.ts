import { formatMoney, type Currency } from '@sneakers/shared/money';

/** A storefront price in the buyer's language. */
export function shopPrice(amount: number, currency: Currency, language: string | undefined): string {
  return formatMoney({ amount, currency }, language === 'es' ? 'es' : 'en');
}

/** A price typed in whole currency units ('120', '99.50') as cents; null when empty or not a price. */
export function centsOfInput(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(value) || value < 0) return null;
  return Math.round(value * 100);
}
