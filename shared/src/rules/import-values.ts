import * as z from 'zod/mini';
import { describeIssues } from '../contracts/contract';
import { portableSchemaOf, type PortableKind } from '../contracts/portability';
import { parseSizes } from '../sizes';

/**
 * Cells of an imported sheet as a portable record (docs/product/migration-tools.md#import):
 * every cell arrives as text (the readers keep formulas as text), each portable field says how
 * its text becomes a value, then the API's own create contract checks the record. Pure: the
 * migration preview and the SPA's fix-in-place both call it.
 */

/** Fields holding an amount: the text is a price in any common spelling, stored as integer cents. */
const AMOUNT_FIELDS = new Set([
  'targetPrice',
  'desiredPrice',
  'askingPrice',
  'purchasePrice',
  'salePrice',
  'prepaidAmount',
  'price',
  'fees',
]);
const BOOLEAN_FIELDS = new Set(['urgent', 'isBulk']);
const DATE_FIELDS = new Set(['purchaseDate', 'saleDate']);
const SIZES_FIELDS = new Set(['sizes']);
/** Choices stored lower-case (statuses, visibility) or upper-case (currency codes). */
const LOWER_FIELDS = new Set(['status', 'visibility']);
const UPPER_FIELDS = new Set(['currency']);

export const IMPORT_VALUE_MESSAGES = {
  amount: 'Enter a price such as 180, 1,234.50 or €1.234,50.',
  boolean: 'Enter yes or no.',
  date: 'Enter a date as YYYY-MM-DD or DD/MM/YYYY.',
} as const;

const CURRENCY_MARKS = /(?:€|\$|£|¥|EUR|USD|GBP|JPY|CHF|US\$)/gi;

/**
 * A price as integer cents: `180`, `180.5`, `1,234.50`, `1.234,50`, `€1.234,50`, `1 234,50 €`.
 * A single separator followed by exactly three digits groups thousands (`1.234` = 1234); any
 * other last separator is the decimal one. Null when the text is no number at all; a
 * negative price comes back negative so the contract refuses it with its own message.
 */
export function parsePrice(text: string): number | null {
  let t = text.replace(CURRENCY_MARKS, '').replace(/[\s\u00a0\u202f']/g, '');
  let sign = 1;
  if (t.startsWith('-')) {
    sign = -1;
    t = t.slice(1);
  } else if (t.startsWith('(') && t.endsWith(')')) {
    sign = -1;
    t = t.slice(1, -1);
  }
  if (!/^\d[\d.,]*$/.test(t) && !/^[.,]\d+$/.test(t)) return null;
  const lastDot = t.lastIndexOf('.');
  const lastComma = t.lastIndexOf(',');
  const last = Math.max(lastDot, lastComma);
  let whole = t;
  let fraction = '';
  if (last !== -1) {
    const separator = t[last] as string;
    const after = t.slice(last + 1);
    const occurrences = t.split(separator).length - 1;
    const otherSeen = separator === '.' ? lastComma !== -1 : lastDot !== -1;
    const groupsThousands = !otherSeen && (occurrences > 1 || after.length === 3);
    if (groupsThousands) {
      whole = t.replace(/[.,]/g, '');
    } else {
      if (after.length > 2 || after.length === 0) return null;
      whole = t.slice(0, last).replace(/[.,]/g, '');
      fraction = after;
    }
  }
  if (whole === '') whole = '0';
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) ? sign * cents : null;
}

const TRUE_WORDS = new Set(['yes', 'y', 'si', 'sí', 's', 'true', '1', 'x', 'verdadero', 'on']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'falso', 'off', '']);

/** yes/no, sí/no, true/false, 1/0 (any case): null when it says neither. */
export function parseBoolean(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (TRUE_WORDS.has(t)) return true;
  if (FALSE_WORDS.has(t)) return false;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * A date as YYYY-MM-DD: `2024-03-05`, `2024-03-05T10:00:00Z`, `5/3/2024`, `05.03.2024`,
 * `05-03-2024` (day first, as in Europe; the XLSX reader already turned date cells into
 * YYYY-MM-DD). Null when it is no real date.
 */
export function parseDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return validDate(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

export interface PortableRow {
  /** The record to apply (only the cells that hold something). */
  record: Record<string, unknown>;
  /** Messages per portable field; empty when the record is valid. */
  errors: Record<string, string[]>;
}

/** The portable fields of a kind: what a column can map to. */
export function portableFieldsOf(kind: PortableKind): string[] {
  return Object.keys(portableSchemaOf(kind).shape);
}

/**
 * Mapped cells (portable field → text) as a portable record checked by the kind's create
 * contract. Blank cells are left out (the contract's default applies); a cell whose text is
 * not a value of its field gets this module's message, every other problem the API's own.
 */
export function toPortableRecord(kind: PortableKind, values: Readonly<Record<string, string>>): PortableRow {
  const record = new Map<string, unknown>();
  const errors = new Map<string, string[]>();
  const shape = portableSchemaOf(kind).shape as Record<string, { _zod: { optin?: string } }>;
  for (const [field, raw] of Object.entries(values)) {
    const text = raw.trim();
    if (text === '') {
      // A blank required text cell gets its own message ("SKU is required"), not "required".
      if (
        shape[field] &&
        shape[field]._zod.optin !== 'optional' &&
        !SIZES_FIELDS.has(field) &&
        !AMOUNT_FIELDS.has(field)
      )
        record.set(field, '');
      continue;
    }
    if (AMOUNT_FIELDS.has(field)) {
      const cents = parsePrice(text);
      if (cents === null) errors.set(field, [IMPORT_VALUE_MESSAGES.amount]);
      else record.set(field, cents);
    } else if (BOOLEAN_FIELDS.has(field)) {
      const value = parseBoolean(text);
      if (value === null) errors.set(field, [IMPORT_VALUE_MESSAGES.boolean]);
      else record.set(field, value);
    } else if (DATE_FIELDS.has(field)) {
      const value = parseDate(text);
      if (value === null) errors.set(field, [IMPORT_VALUE_MESSAGES.date]);
      else record.set(field, value);
    } else if (SIZES_FIELDS.has(field)) {
      record.set(field, parseSizes(text));
    } else if (LOWER_FIELDS.has(field)) {
      record.set(field, text.toLowerCase());
    } else if (UPPER_FIELDS.has(field)) {
      record.set(field, text.toUpperCase());
    } else {
      record.set(field, text);
    }
  }
  const plain = Object.fromEntries(record);
  const parsed = z.safeParse(portableSchemaOf(kind), plain);
  if (!parsed.success) {
    for (const [path, messages] of Object.entries(describeIssues(parsed.error).fields)) {
      // `sizes.3` is the sizes cell; '' (the whole record) never happens for a strict object of known keys.
      const field = path.split('.')[0] ?? '';
      if (errors.has(field)) continue;
      errors.set(field, [...(errors.get(field) ?? []), ...messages]);
    }
  }
  return {
    record: parsed.success ? (parsed.data as Record<string, unknown>) : plain,
    errors: Object.fromEntries(errors),
  };
}
