/**
 * The canonical form of a style code: upper-case letters and digits only, so `DD1391-100`,
 * `dd1391 100` and `DD1391100` are one product (the catalogSku uniqueness row and the
 * search index's SKU prefix match both use it).
 */
export function styleCodeKey(sku: string): string {
  // Plain ASCII (every generated and nearly every real code) skips the costly normalisation.
  if (/^[\x20-\x7e]*$/.test(sku)) return sku.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return sku
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** Shortest query key treated as a style-code prefix: shorter ones would match whole brands' code ranges. */
export const STYLE_CODE_MIN_PREFIX = 5;

/**
 * The style-code key a query stands for, or undefined when the query cannot be one: a
 * prefix of at least {@link STYLE_CODE_MIN_PREFIX} letters/digits containing a digit
 * (words alone, like 'jordan', are never style codes).
 */
export function styleCodeQuery(q: string): string | undefined {
  const key = styleCodeKey(q);
  return key.length >= STYLE_CODE_MIN_PREFIX && /\d/.test(key) ? key : undefined;
}
