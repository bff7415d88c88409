/**
 * Barcodes on a shoe box (docs/product/store-mode.md#scanning): a UPC-A (12 digits), an
 * EAN-13 or EAN-8, or a GTIN-14 all name one trade item. They are compared as GTIN-14, the
 * digits padded with leading zeros, so a UPC scanned from the box finds the EAN-13 the
 * marketplace lists for it (`0` + the UPC). Pure: the catalogue, store mode's server half and
 * the scanner in the browser share it.
 */

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The digits of a scanned or typed code when they form a GTIN; spaces and dashes ignored. */
export function gtinDigits(code: string): string | null {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) && GTIN_LENGTHS.has(digits.length) ? digits : null;
}

/** The GTIN-14 key of a code, or null when the code is not a GTIN. */
export function gtinKey(code: string): string | null {
  const digits = gtinDigits(code);
  return digits ? digits.padStart(14, '0') : null;
}

/**
 * The GS1 check digit of a GTIN's other digits (weights 3 and 1 from the right). Printed
 * barcodes carry it and readers refuse a code whose last digit does not match; lookups do
 * not check it, since some listings carry codes without a valid one.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}
