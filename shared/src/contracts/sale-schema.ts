import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { cents } from './fields';

/**
 * The sale as every route answers it (re-exported by ./sales): on its own so a function that
 * only answers sales (an order's fulfilment) does not bundle every sales contract.
 */
/** `import`: a past sale brought by the migration tools (docs/product/migration-tools.md), no item sold by it. */
export const SALE_SOURCES = ['inventory', 'consignment', 'virtual', 'order', 'import'] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];

/**
 * How the buyer paid at the counter (docs/product/store-mode.md#selling): cash, a card on the
 * store's own terminal, or a transfer. Sales recorded elsewhere have none (null).
 */
export const SALE_PAYMENT_METHODS = ['cash', 'card', 'transfer'] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date();

export const saleSchema = z.object({
  id: z.string(),
  source: z.enum(SALE_SOURCES),
  /** The inventory item or the virtual product sold (null for consignments and orders). */
  itemId: z.nullable(z.string()),
  providerId: z.nullable(z.string()),
  consignmentId: z.nullable(z.string()),
  orderId: z.nullable(z.string()),
  productCatalogId: z.nullable(z.string()),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  imageUrl: z.nullable(z.string()),
  size: z.string(),
  /** Pairs sold: 1, or an order line's quantity. Prices are for all of them. */
  quantity: z.int(),
  salePrice: cents,
  /** What the sold pair cost the store: the item's purchase price, the provider's price, the virtual product's cost. */
  purchasePrice: cents,
  fees: cents,
  /** salePrice − purchasePrice − fees (may be negative). */
  profit: z.int(),
  currency: z.enum(CURRENCIES),
  saleDate: isoDate,
  /** The buyer: one of the store's clients, or just a name. */
  clientId: z.nullable(z.string()),
  buyerName: z.string(),
  shippingCarrier: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  /** Set by store mode's counter; null for sales recorded elsewhere. */
  paymentMethod: z.nullable(z.enum(SALE_PAYMENT_METHODS)),
  /** When the sale confirmation email was queued to the client (null: no address, or not sent). */
  confirmationQueuedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;
