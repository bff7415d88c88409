import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { cursorField, pageQuery as pageQueryOf } from '../paging/page';
import { defineContract } from './contract';
import { amount, recordId as id, requiredText, text, updateOf } from './fields';
import {
  SALE_PAYMENT_METHODS,
  SALE_SOURCES,
  isoDate,
  saleSchema,
  type Sale,
  type SalePaymentMethod,
  type SaleSource,
} from './sale-schema';

/**
 * Sales (docs/product/commerce.md#sales, docs/product/commerce.md#sale-confirmation-email): the sale of an
 * inventory item, a consignment, a virtual product or an order's line. Recording one takes
 * the sold stock in the same transaction (docs/adr/0013). Amounts are integer cents.
 */
export const COMMERCE_PAGE_SIZE_MAX = 100;
const pageQuery = pageQueryOf(COMMERCE_PAGE_SIZE_MAX);

export { SALE_PAYMENT_METHODS, SALE_SOURCES, isoDate, saleSchema };
export type { Sale, SalePaymentMethod, SaleSource };

const saleFields = {
  size: requiredText(20, 'Size is required'),
  salePrice: amount,
  fees: amount,
  currency: z.enum(CURRENCIES),
  saleDate: isoDate,
  clientId: z.nullable(id),
  buyerName: text(120),
  shippingCarrier: z.nullable(text(60)),
  trackingNumber: z.nullable(text(60)),
  notes: z.nullable(text(2000)),
};

/**
 * What is sold: `inventory` (itemId, size: one of the item's sizes), `consignment`
 * (providerId + consignmentId; its size), `virtual` (itemId = the virtual product, size: one
 * it offers). The buyer is `clientId` (one of the store's clients) or `buyerName` (one of the
 * two is required). Currency defaults to the item's; sale date to today (UTC); fees to 0.
 * Requires an Idempotency-Key header: a retried submit records one sale.
 */
export const saleCreateSchema = z.strictObject({
  source: z.enum(['inventory', 'consignment', 'virtual']),
  itemId: z.optional(id),
  providerId: z.optional(id),
  consignmentId: z.optional(id),
  size: z.optional(saleFields.size),
  salePrice: saleFields.salePrice,
  fees: z.optional(saleFields.fees),
  currency: z.optional(saleFields.currency),
  saleDate: z.optional(saleFields.saleDate),
  clientId: z.optional(saleFields.clientId),
  buyerName: z.optional(saleFields.buyerName),
  shippingCarrier: z.optional(saleFields.shippingCarrier),
  trackingNumber: z.optional(saleFields.trackingNumber),
  notes: z.optional(saleFields.notes),
  /** How the buyer paid at the counter (store mode); absent or null elsewhere. */
  paymentMethod: z.optional(z.nullable(z.enum(SALE_PAYMENT_METHODS))),
  /** Send the sale confirmation email when the client has an address (default true). */
  notifyClient: z.optional(z.boolean()),
});
export type SaleCreate = z.input<typeof saleCreateSchema>;

/** Shipping details and notes only: price, date and buyer feed the aggregates and the tax export. */
export const saleUpdateSchema = updateOf({
  shippingCarrier: saleFields.shippingCarrier,
  trackingNumber: saleFields.trackingNumber,
  notes: saleFields.notes,
});
export type SaleUpdate = z.input<typeof saleUpdateSchema>;

const saleId = z.object({ saleId: id });
/** An inclusive period of sale dates. */
export const periodQuery = { from: z.optional(isoDate), to: z.optional(isoDate) };

/** The store's sales, latest sale date first, optionally within a period. */
export const listSales = defineContract({
  id: 'commerce.sales.list',
  method: 'GET',
  path: '/api/sales',
  auth: 'user',
  query: z.object({ ...periodQuery, ...pageQuery }),
  response: z.object({ sales: z.array(saleSchema), ...cursorField }),
});

/**
 * 201 with the sale (200 when an Idempotency-Key retry replays it). 404 ITEM_NOT_FOUND,
 * CONSIGNMENT_NOT_FOUND, VIRTUAL_PRODUCT_NOT_FOUND, CLIENT_NOT_FOUND; 409 ITEM_NOT_AVAILABLE
 * (sold, or the size is not in stock, also when another tab sold it first),
 * (an inactive virtual product too), CONSIGNMENT_NOT_IN_STOCK; 400 SIZE_NOT_OFFERED (virtual), BUYER_REQUIRED.
 */
export const createSale = defineContract({
  id: 'commerce.sales.create',
  method: 'POST',
  path: '/api/sales',
  auth: 'user',
  body: saleCreateSchema,
  response: z.object({ sale: saleSchema }),
  maxBodyBytes: 8 * 1024,
});

export const getSale = defineContract({
  id: 'commerce.sales.get',
  method: 'GET',
  path: '/api/sales/{saleId}',
  auth: 'user',
  params: saleId,
  response: z.object({ sale: saleSchema }),
});

export const updateSale = defineContract({
  id: 'commerce.sales.update',
  method: 'PATCH',
  path: '/api/sales/{saleId}',
  auth: 'user',
  params: saleId,
  body: saleUpdateSchema,
  response: z.object({ sale: saleSchema }),
  maxBodyBytes: 4 * 1024,
});

/**
 * The sales of a period as CSV for tax reporting (date, item, SKU, size, buyer, price, fees,
 * profit, currency; amounts in the currency's main unit). Cells that a spreadsheet would run
 * as a formula are quoted with a leading apostrophe. At most 50,000 rows (400 PERIOD_TOO_LARGE).
 */
export const exportSales = defineContract({
  id: 'commerce.sales.export',
  method: 'GET',
  path: '/api/reports/sales',
  auth: 'user',
  query: z.object({ from: isoDate, to: isoDate }),
  response: z.object({ filename: z.string(), csv: z.string(), rows: z.int() }),
});

/** EU DAC7 reporting thresholds per counterparty and calendar year. */
export const DAC7_THRESHOLDS = { sales: 30, amountEurCents: 200_000 } as const;

export const dac7QuarterSchema = z.object({
  quarter: z.int(),
  amount: z.int(),
  sales: z.int(),
  fees: z.int(),
});

export const dac7CounterpartySchema = z.object({
  /** `client:<id>` or `name:<lower-cased name>`: how sales are grouped. */
  key: z.string(),
  name: z.string(),
  clientId: z.nullable(z.string()),
  currency: z.enum(CURRENCIES),
  /** Four entries, Q1..Q4. */
  quarters: z.array(dac7QuarterSchema),
  totalAmount: z.int(),
  totalSales: z.int(),
  totalFees: z.int(),
  /** At or above 30 sales, or 2,000 EUR (EUR amounts only) in the year. */
  reportable: z.boolean(),
});
export type Dac7Counterparty = z.infer<typeof dac7CounterpartySchema>;

/** The DAC7-ready summary of a calendar year: per counterparty (buyer) and quarter. */
export const salesDac7 = defineContract({
  id: 'commerce.sales.dac7',
  method: 'GET',
  path: '/api/reports/dac7',
  auth: 'user',
  query: z.object({ year: z.coerce.number().check(z.int(), z.minimum(2000), z.maximum(2100)) }),
  response: z.object({
    year: z.int(),
    thresholds: z.object({ sales: z.int(), amountEurCents: z.int() }),
    counterparties: z.array(dac7CounterpartySchema),
  }),
});

export const salesContracts = [listSales, createSale, getSale, updateSale, exportSales, salesDac7] as const;
