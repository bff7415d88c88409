/**
 * The size rules (docs/product/lists-and-public-lists.md#sizes), one module shared by the API and the SPA
 * (docs/architecture.md#36-money-and-sizes).
 */
import type { VariantSize } from './contracts/catalog';

export const BULK_SIZE = 'BULK';
/** Longest size text an item stores (a size with its system, e.g. `EU 44 2/3`, fits). */
export const MAX_SIZE_LENGTH = 20;
/** Most sizes one item covers. */
export const MAX_SIZES = 60;

/**
 * One size as stored: trimmed, inner whitespace collapsed to one space, any spelling of
 * bulk as `BULK`. Otherwise kept as typed: `UK 8.5` and `42 EU` each stay one size with
 * their system (the display rule upper-cases them), and a bare number stays bare.
 */
export function normalizeSize(size: string): string {
  const text = size.trim().replace(/\s+/g, ' ');
  return text.toUpperCase() === BULK_SIZE ? BULK_SIZE : text;
}

// Only commas and line breaks separate sizes: a space belongs to the size (`US 10`).
const SIZE_SEPARATOR = /[,\r\n]+/;

/** Each size normalised, empties dropped, duplicates (case-insensitive, first spelling kept) removed. */
function uniqueSizes(sizes: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of sizes) {
    const size = normalizeSize(raw);
    const key = size.toUpperCase();
    if (!size || seen.has(key)) continue;
    seen.add(key);
    out.push(size);
  }
  return out;
}

/**
 * Sizes as stored from a list of entries (the API's `sizes`): an entry holding commas or
 * line breaks is several sizes, exactly as when typed, so API and form store the same.
 */
export function normalizeSizes(entries: readonly string[]): string[] {
  return uniqueSizes(entries.flatMap((entry) => entry.split(SIZE_SEPARATOR)));
}

/** Typed sizes (`UK 8.5, US 10, 42 EU` or one per line) as the sizes they name. */
export function parseSizes(text: string): string[] {
  return normalizeSizes([text]);
}

// String#localeCompare builds a collator per call; one built on first need (loading ICU
// collation data is slow on a phone, and most sizes never get this far).
let textCollator: Intl.Collator | undefined;

const LETTER_SIZES = ['XXXXS', 'XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXL'];

// A size's number with an optional system before or after it; catalogue labels too, with
// a gender or in thirds ('US M 10', 'W 10.5', 'EU 42 2/3', '27 cm'). One regex: sorting
// thousands of sizes calls this for every comparison.
const SIZE_NUMBER =
  /^(?:(?:US\s*[MW]?|EU|UK|JP|[MW])\s*)?(\d+(?:[.,]\d+)?)(?:\s*([12])\/3)?(?:\s*(?:US|EU|UK|JP|CM))?$/i;

function numericValue(size: string): number | undefined {
  const match = SIZE_NUMBER.exec(size.trim());
  if (!match?.[1]) return undefined;
  return Number(match[1].replace(',', '.')) + (match[2] ? Number(match[2]) / 3 : 0);
}

/** Letter sizes XXXXS..XXXXL first, then numeric by number, the rest alphabetically. */
export function compareSizes(a: string, b: string): number {
  const la = LETTER_SIZES.indexOf(a.trim().toUpperCase());
  const lb = LETTER_SIZES.indexOf(b.trim().toUpperCase());
  if (la !== -1 || lb !== -1) {
    if (la === -1) return 1;
    if (lb === -1) return -1;
    return la - lb;
  }
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== undefined || nb !== undefined) {
    if (na === undefined) return 1;
    if (nb === undefined) return -1;
    if (na !== nb) return na - nb;
  }
  return (textCollator ??= new Intl.Collator()).compare(a, b);
}

/** Options for a size filter: BULK first, then the sorting rule above, without duplicates. */
export function sizeFilterOptions(sizes: Iterable<string>): string[] {
  const unique = uniqueSizes(sizes);
  const bulk = unique.filter((s) => s.toUpperCase() === BULK_SIZE);
  const rest = unique.filter((s) => s.toUpperCase() !== BULK_SIZE).sort(compareSizes);
  return [...(bulk.length ? [BULK_SIZE] : []), ...rest];
}

/**
 * Display label: a size already carrying US, EU or UK is only upper-cased; a bare
 * number is EU from 35 up, US from 4 to 15, otherwise US.
 */
export function formatSize(size: string | null | undefined): string {
  const text = normalizeSize(size ?? '');
  if (!text) return 'Unknown';
  if (/\b(US|EU|UK)\b/i.test(text)) return text.toUpperCase();
  if (/^\d+(?:[.,]\d+)?$/.test(text)) {
    const n = Number(text.replace(',', '.'));
    return n >= 35 ? `EU ${text}` : `US ${text}`;
  }
  return text.toUpperCase();
}

/**
 * The size a catalogue variant stands for on an item: EU, else US M (`EU 42.5`, else `US 9`), or
 * undefined when it has neither (docs/product/catalogue.md#products-and-variants).
 */
export function defaultSizeOf(size: Pick<VariantSize, 'eu' | 'usM'>): string | undefined {
  if (size.eu?.trim()) return `EU ${size.eu.trim()}`;
  if (size.usM?.trim()) return `US ${size.usM.trim()}`;
  return undefined;
}
