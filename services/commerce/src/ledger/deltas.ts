import * as z from 'zod/mini';
import { CURRENCIES, type Currency } from '@sneakers/shared/money';
import { saleProfit } from '@sneakers/shared/rules/sale-money';
import { BRAND_REVENUE, BRAND_UNITS, PRODUCT_NAME, PRODUCT_REVENUE, PRODUCT_UNITS } from './keys';

/**
 * The overview's aggregates as pure functions of rows (no table code here): what one row
 * (a sale, an inventory item, a booking, a consignment) adds to the aggregate rows, and the
 * delta a change makes, value(new image) − value(old image). Deltas commute, so applying
 * each change once, in any order, leaves every aggregate equal to the value of the rows as
 * they are now.
 */

export const SALE_ENTITY = 'commerceSale';
export const ITEM_ENTITY = 'sneakerItem';
export const BOOKING_ENTITY = 'crmBooking';
export const CONSIGNMENT_ENTITY = 'providerConsignment';
export const LEDGER_SOURCE_ENTITIES = [SALE_ENTITY, ITEM_ENTITY, BOOKING_ENTITY, CONSIGNMENT_ENTITY] as const;

/** An aggregate row: sales of a day or a month, or a store's (or one provider's) balances in a currency. */
export type AggregateRow =
  | { kind: 'day'; storeUserId: string; currency: Currency; date: string }
  | { kind: 'month'; storeUserId: string; currency: Currency; month: string }
  | { kind: 'store'; storeUserId: string; currency: Currency }
  | { kind: 'provider'; storeUserId: string; providerId: string; currency: Currency };

export type Counters = Record<string, number>;

export interface RowDelta {
  row: AggregateRow;
  /** Numbers to add (ADD: negative subtracts). */
  add: Counters;
  /** Labels to keep (a product's name by its sku), set when missing. */
  labels: Record<string, string>;
  /**
   * Written only while its row exists: a deletion's figures coming off a row that was there
   * when checked, which its account's erase may delete before this write (ledger/domain.ts).
   */
  onlyIfExists?: boolean;
}

/**
 * Dynamic attribute names stay short so a busy day's row stays far below DynamoDB's 400 KB
 * item limit (a product costs three attributes, ~150 bytes: a month of 2,000 distinct
 * products is ~300 KB).
 */
const KEY_PART_MAX = 40;
const LABEL_MAX = 80;
const part = (value: string) => value.trim().slice(0, KEY_PART_MAX);

const currency = z.enum(CURRENCIES);
const amount = z._default(z.number(), 0);

const saleImage = z.object({
  storeUserId: z.string(),
  currency,
  saleDate: z.iso.date(),
  salePrice: z.number(),
  purchasePrice: amount,
  fees: amount,
  quantity: z._default(z.number(), 1),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
});

const itemImage = z.object({
  userId: z.string(),
  status: z.string(),
  isBulk: z.boolean(),
  sizes: z.array(z.string()),
  purchasePrice: z.optional(z.nullable(z.number())),
  currency,
});

const bookingImage = z.object({
  storeUserId: z.string(),
  status: z.string(),
  prepaidAmount: z.number(),
  currency,
});

const consignmentImage = z.object({
  storeUserId: z.string(),
  providerId: z.string(),
  status: z.string(),
  price: z.number(),
  paymentId: z.optional(z.nullable(z.string())),
  currency,
});

/** Pairs an inventory item holds: one per size listed; a BULK item counts as one. */
export function pairsOf(item: { isBulk: boolean; sizes: readonly string[] }): number {
  return item.isBulk ? 1 : item.sizes.length;
}

function contribution(row: AggregateRow, add: Counters, labels: Record<string, string> = {}): RowDelta {
  return { row, add, labels };
}

function saleValue(image: Record<string, unknown>): RowDelta[] {
  const sale = z.parse(saleImage, image);
  const { storeUserId, currency: cur } = sale;
  const profit = saleProfit({
    salePrice: sale.salePrice,
    purchasePrice: sale.purchasePrice,
    fees: sale.fees,
  });
  const brand = part(sale.brand);
  const sku = part(sale.sku);
  const sales: Counters = {
    revenue: sale.salePrice,
    cost: sale.purchasePrice,
    fees: sale.fees,
    profit,
    units: sale.quantity,
    sales: 1,
    [BRAND_REVENUE + brand]: sale.salePrice,
    [BRAND_UNITS + brand]: sale.quantity,
    [PRODUCT_REVENUE + sku]: sale.salePrice,
    [PRODUCT_UNITS + sku]: sale.quantity,
  };
  const labels = { [PRODUCT_NAME + sku]: sale.name.trim().slice(0, LABEL_MAX) };
  return [
    contribution({ kind: 'day', storeUserId, currency: cur, date: sale.saleDate }, sales, labels),
    contribution(
      { kind: 'month', storeUserId, currency: cur, month: sale.saleDate.slice(0, 7) },
      sales,
      labels,
    ),
    contribution({ kind: 'store', storeUserId, currency: cur }, { sales: 1 }),
  ];
}

function itemValue(image: Record<string, unknown>): RowDelta[] {
  // Only inventory is stock; the public lists' items are not read any further.
  if (image.listType !== 'inventory') return [];
  const item = z.parse(itemImage, image);
  if (item.status !== 'available') return [];
  const pairs = pairsOf(item);
  return [
    contribution(
      { kind: 'store', storeUserId: item.userId, currency: item.currency },
      { stockValue: (item.purchasePrice ?? 0) * pairs, stockUnits: pairs },
    ),
  ];
}

function bookingValue(image: Record<string, unknown>): RowDelta[] {
  const booking = z.parse(bookingImage, image);
  if (booking.status !== 'active' && booking.status !== 'found') return [];
  return [
    contribution(
      { kind: 'store', storeUserId: booking.storeUserId, currency: booking.currency },
      { deposits: booking.prepaidAmount },
    ),
  ];
}

function consignmentValue(image: Record<string, unknown>): RowDelta[] {
  const c = z.parse(consignmentImage, image);
  if (c.status !== 'sold' || c.paymentId) return [];
  const owed = { owed: c.price, unpaid: 1 };
  return [
    contribution({ kind: 'store', storeUserId: c.storeUserId, currency: c.currency }, owed),
    contribution(
      { kind: 'provider', storeUserId: c.storeUserId, providerId: c.providerId, currency: c.currency },
      owed,
    ),
  ];
}

const VALUES: Record<string, (image: Record<string, unknown>) => RowDelta[]> = {
  [SALE_ENTITY]: saleValue,
  [ITEM_ENTITY]: itemValue,
  [BOOKING_ENTITY]: bookingValue,
  [CONSIGNMENT_ENTITY]: consignmentValue,
};

/**
 * What one row adds to the aggregates. Throws on a row of a tracked entity that does not
 * have the fields the aggregates read (the change is then retried and, in the end, parked).
 */
export function valueOf(entity: string, image: Record<string, unknown> | undefined): RowDelta[] {
  const value = VALUES[entity];
  return value && image ? value(image) : [];
}

export function rowId(row: AggregateRow): string {
  switch (row.kind) {
    case 'day':
      return `day|${row.storeUserId}|${row.currency}|${row.date}`;
    case 'month':
      return `month|${row.storeUserId}|${row.currency}|${row.month}`;
    case 'store':
      return `store|${row.storeUserId}|${row.currency}`;
    case 'provider':
      return `provider|${row.storeUserId}|${row.providerId}|${row.currency}`;
  }
}

/**
 * The change a stream record makes: value(new) − value(old), summed per aggregate row,
 * without zero counters or rows left with nothing to add. Labels come from the new image.
 */
export function deltaOf(
  entity: string,
  oldImage: Record<string, unknown> | undefined,
  newImage: Record<string, unknown> | undefined,
): RowDelta[] {
  const negate = (d: RowDelta): RowDelta => ({
    row: d.row,
    add: Object.fromEntries(Object.entries(d.add).map(([name, n]) => [name, -n])),
    labels: {},
  });
  // The new image's labels win: the old image's contributions carry none.
  return mergeDeltas([...valueOf(entity, oldImage).map(negate), ...valueOf(entity, newImage)]);
}

/** Several changes' deltas as one delta per aggregate row (zero counters dropped). */
export function mergeDeltas(deltas: readonly RowDelta[]): RowDelta[] {
  const rows = new Map<string, RowDelta>();
  for (const d of deltas) {
    const id = rowId(d.row);
    const into: RowDelta = rows.get(id) ?? { row: d.row, add: {}, labels: {} };
    for (const [name, n] of Object.entries(d.add)) into.add[name] = (into.add[name] ?? 0) + n;
    Object.assign(into.labels, d.labels);
    if (d.onlyIfExists) into.onlyIfExists = true;
    rows.set(id, into);
  }
  const out: RowDelta[] = [];
  for (const d of rows.values()) {
    const add = Object.fromEntries(Object.entries(d.add).filter(([, n]) => n !== 0));
    if (Object.keys(add).length > 0)
      out.push({ row: d.row, add, labels: d.labels, ...(d.onlyIfExists ? { onlyIfExists: true } : {}) });
  }
  return out;
}

/** The sum of deltas per aggregate row (what the table holds after applying them). */
export function applyDeltas(deltas: readonly RowDelta[], into = new Map<string, Counters>()) {
  for (const d of deltas) {
    const id = rowId(d.row);
    const counters = into.get(id) ?? {};
    for (const [name, n] of Object.entries(d.add)) {
      const next = (counters[name] ?? 0) + n;
      if (next === 0) delete counters[name];
      else counters[name] = next;
    }
    if (Object.keys(counters).length === 0) into.delete(id);
    else into.set(id, counters);
  }
  return into;
}
