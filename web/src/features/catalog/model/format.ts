import { compareSizes, formatMoney, type Product, type Variant } from '@sneakers/shared';

/** What an empty cell of a product's fields or its variants table shows. */
export const MISSING = '-';

/** A calendar date (YYYY-MM-DD) in the reader's language, read as a date (no time-zone shift). */
export function formatDay(date: string | null, locale: string, style: 'medium' | 'long' = 'medium'): string {
  if (!date) return MISSING;
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return MISSING;
  return new Intl.DateTimeFormat(locale, { dateStyle: style }).format(new Date(y, m - 1, d));
}

export function formatInstant(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return MISSING;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

export function formatRetail(amount: number | null, currency: Product['currency'], locale: string): string {
  return amount === null ? MISSING : formatMoney({ amount, currency }, locale);
}

/** "1,234" / "1.234": the exact count in the reader's language. */
export function formatCount(n: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** A size cell: the value, or '-' when the variant has none in that system. */
export function sizeCell(value: string | null | undefined): string {
  const text = value?.trim();
  return text ? text : MISSING;
}

/**
 * Variants by size: by US M where both have one (one system compares the same across
 * brands' labels), else by their labels with the shared size order.
 */
export function sortVariants(variants: readonly Variant[]): Variant[] {
  return [...variants].sort((a, b) => {
    const byUs = a.size.usM && b.size.usM ? compareSizes(a.size.usM, b.size.usM) : 0;
    return byUs || compareSizes(a.label, b.label) || a.id.localeCompare(b.id);
  });
}

/** Only http(s) addresses leave the app as images (an item's imageUrl must be a URL). */
export function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The product types the catalogue names in every language; any other type shows as stored. */
const PRODUCT_TYPES = new Set([
  'sneakers',
  'apparel',
  'streetwear',
  'accessories',
  'collectibles',
  'handbags',
]);

/**
 * A product type in the reader's language: the marketplace sends English words ('sneakers'),
 * which a Spanish reader should not see as is (docs/product/catalogue.md).
 */
export function productTypeLabel(type: string, t: (key: string) => string): string {
  const known = type.trim().toLowerCase();
  return PRODUCT_TYPES.has(known) ? t(`catalog.productTypes.${known}`) : type.trim();
}
