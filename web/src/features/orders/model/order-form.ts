import { toCents, type Currency, type OrderCreate, type OrderLineInput } from '@sneakers/shared';
import { amountBoundKey } from '../../../lib/field-errors';

/** One line of the add-order form, as typed (amounts are text until submitted). */
export interface OrderLineDraft {
  /** A stable React key: lines are added and removed. */
  key: string;
  productCatalogId: string | null;
  productVariantId: string | null;
  sku: string;
  name: string;
  brand: string;
  colorway: string;
  imageUrl: string;
  size: string;
  quantity: string;
  unitPrice: string;
  unitCost: string;
}

export interface OrderDraft {
  clientId: string;
  lines: OrderLineDraft[];
  notes: string;
}

export type LineField = 'product' | 'size' | 'quantity' | 'unitPrice' | 'unitCost' | 'imageUrl';
/** Per line (by key) and per field: a string key (`orders.form.errors.*`) or the server's own message. */
export interface OrderDraftErrors {
  clientId?: string;
  lines?: string;
  notes?: string;
  byLine: Record<string, Partial<Record<LineField, string>>>;
}

let lineCounter = 0;

export function emptyLine(): OrderLineDraft {
  lineCounter += 1;
  return {
    key: `line-${lineCounter}`,
    productCatalogId: null,
    productVariantId: null,
    sku: '',
    name: '',
    brand: '',
    colorway: '',
    imageUrl: '',
    size: '',
    quantity: '1',
    unitPrice: '',
    unitCost: '',
  };
}

export function emptyOrderDraft(): OrderDraft {
  return { clientId: '', lines: [emptyLine()], notes: '' };
}

/** Cents from what a person typed, or null when it is not an amount. */
export function parseAmount(text: string): number | null {
  if (text.trim() === '') return null;
  try {
    return toCents(text);
  } catch {
    return null;
  }
}

export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= 99 ? n : null;
}

/** Σ quantity × unit price of the lines that already read as numbers (the running total). */
export function runningTotal(lines: readonly OrderLineDraft[]): number {
  let total = 0;
  for (const line of lines) {
    const quantity = parseQuantity(line.quantity);
    const price = parseAmount(line.unitPrice);
    if (quantity !== null && price !== null) total += quantity * price;
  }
  return total;
}

function isUrl(text: string): boolean {
  try {
    return Boolean(new URL(text));
  } catch {
    return false;
  }
}

/** What the browser can tell before the API does (the contract's rules, as string keys). */
export function validateOrderDraft(draft: OrderDraft): OrderDraftErrors {
  const errors: OrderDraftErrors = { byLine: {} };
  if (!draft.clientId) errors.clientId = 'orders.form.errors.client';
  if (draft.lines.length === 0) errors.lines = 'orders.form.errors.noLines';
  for (const line of draft.lines) {
    const found: Partial<Record<LineField, string>> = {};
    if (!line.sku.trim() || !line.name.trim()) found.product = 'orders.form.errors.product';
    if (!line.size.trim()) found.size = 'orders.form.errors.size';
    if (parseQuantity(line.quantity) === null) found.quantity = 'orders.form.errors.quantity';
    const unitPrice = parseAmount(line.unitPrice);
    const unitCost = line.unitCost.trim() ? parseAmount(line.unitCost) : undefined;
    if (unitPrice === null) found.unitPrice = 'orders.form.errors.amount';
    else if (amountBoundKey(unitPrice)) found.unitPrice = amountBoundKey(unitPrice);
    if (unitCost === null) found.unitCost = 'orders.form.errors.amount';
    else if (amountBoundKey(unitCost)) found.unitCost = amountBoundKey(unitCost);
    if (line.imageUrl.trim() && !isUrl(line.imageUrl.trim())) found.imageUrl = 'orders.form.errors.imageUrl';
    if (Object.keys(found).length > 0) errors.byLine[line.key] = found;
  }
  return errors;
}

export function hasErrors(errors: OrderDraftErrors): boolean {
  return Boolean(errors.clientId || errors.lines || errors.notes || Object.keys(errors.byLine).length > 0);
}

function lineToInput(line: OrderLineDraft): OrderLineInput {
  const cost = parseAmount(line.unitCost);
  return {
    productCatalogId: line.productCatalogId,
    productVariantId: line.productVariantId,
    sku: line.sku.trim(),
    name: line.name.trim(),
    brand: line.brand.trim(),
    colorway: line.colorway.trim(),
    imageUrl: line.imageUrl.trim() || null,
    size: line.size.trim(),
    quantity: parseQuantity(line.quantity) ?? 1,
    unitPrice: parseAmount(line.unitPrice) ?? 0,
    unitCost: cost,
  };
}

/** The create body of a draft that passed `validateOrderDraft`. */
export function draftToCreate(draft: OrderDraft, currency: Currency): OrderCreate {
  const notes = draft.notes.trim();
  return {
    clientId: draft.clientId,
    lines: draft.lines.map(lineToInput),
    currency,
    notes: notes || null,
  };
}

const SERVER_LINE_FIELDS: Readonly<Record<string, LineField>> = {
  sku: 'product',
  name: 'product',
  brand: 'product',
  colorway: 'product',
  productCatalogId: 'product',
  productVariantId: 'product',
  imageUrl: 'imageUrl',
  size: 'size',
  quantity: 'quantity',
  unitPrice: 'unitPrice',
  unitCost: 'unitCost',
};

/**
 * The API's field errors (`lines.1.unitPrice`, `clientId`, ...) placed on the form: a line's
 * errors go to that line by its position in what was sent.
 */
export function serverErrors(
  fields: Readonly<Record<string, readonly string[]>>,
  lines: readonly OrderLineDraft[],
): OrderDraftErrors {
  const errors: OrderDraftErrors = { byLine: {} };
  for (const [path, messages] of Object.entries(fields)) {
    const message = messages[0];
    if (!message) continue;
    const [head, index, field] = path.split('.');
    if (head === 'clientId') errors.clientId = message;
    else if (head === 'notes') errors.notes = message;
    else if (head === 'lines' && index !== undefined && field !== undefined) {
      const line = lines[Number(index)];
      const target = SERVER_LINE_FIELDS[field];
      if (line && target) errors.byLine[line.key] = { ...errors.byLine[line.key], [target]: message };
    } else if (head === 'lines') errors.lines = message;
  }
  return errors;
}

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e5e5e5"/><path d="M12 40h40l-6-10-10 4-8-8z" fill="#a3a3a3"/></svg>',
  );

/** The shareable page's address for a share id. */
export function sharedOrderUrl(shareId: string, origin = window.location.origin): string {
  return `${origin}/orders/${encodeURIComponent(shareId)}`;
}
