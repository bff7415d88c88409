/**
 * Spreadsheet formula protection (OWASP CSV injection), one rule for every CSV this product
 * writes and reads back: the clients export, the migration export and its import
 * (docs/product/migration-tools.md#export).
 */

// A cell a spreadsheet would run as a formula ('=', '+', '-', '@', tab, CR first): exported
// with a leading apostrophe (OWASP CSV injection), which our import takes off again.
export const FORMULA_START = /^[=+\-@\t\r]/;

// A phone number or a plain number ('+39 333 000 1111', '-12.5', '+1 (555) 010-9999'): a
// leading sign, then digits with only spaces, dots, dashes, parentheses and slashes between
// them. Nothing in it can call a function or another program, so it is exported as typed. A
// '+', '=' or anything else after the first character ('-2+3', '+1+cmd|...') still counts
// as a formula.
const PLAIN_NUMBER = /^[+-][\d .()/-]*\d[\d .()/-]*$/;

/** Makes a client-typed value safe to open in a spreadsheet. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** The reverse of {@link neutraliseFormula}, so an exported file imports exactly. */
export function restoreFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
