import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * A sale was recorded (services/commerce, in the sale's transaction), with the sale, the item,
 * the client and the store: all the client's sale confirmation email needs
 * (docs/product/notifications-and-emails.md#sale-confirmation-email). `clientEmail` empty or
 * `notifyClient` false → no email.
 */
export const saleRecorded = defineEvent({
  detailType: 'Sale.Recorded',
  version: 1,
  domain: 'commerce',
  data: z.object({
    saleId: z.string(),
    storeUserId: z.string(),
    salePrice: z.int(),
    currency: z.string(),
    saleDate: z.string(),
    trackingNumber: z.nullable(z.string()),
    shippingCarrier: z.nullable(z.string()),
    notes: z.nullable(z.string()),
    itemName: z.string(),
    itemSku: z.string(),
    itemBrand: z.string(),
    size: z.string(),
    quantity: z.int(),
    clientName: z.string(),
    clientEmail: z.string(),
    notifyClient: z.boolean(),
    /** The store's language (en/es) and business name: the email is written as the store. */
    language: z.enum(['en', 'es']),
    storeBusinessName: z.string(),
  }),
});

/**
 * A provider was paid (services/commerce, in the payment's transaction), with the payment, the
 * provider and the store: all the provider's payment email needs
 * (docs/product/notifications-and-emails.md#payment-email). `providerEmail` empty or
 * `notifyProvider` false → no email.
 */
export const paymentRecorded = defineEvent({
  detailType: 'Payment.Recorded',
  version: 1,
  domain: 'commerce',
  data: z.object({
    paymentId: z.string(),
    storeUserId: z.string(),
    totalAmount: z.int(),
    currency: z.string(),
    paymentMethod: z.string(),
    paymentDate: z.string(),
    notes: z.nullable(z.string()),
    consignmentCount: z.int(),
    providerName: z.string(),
    providerEmail: z.string(),
    notifyProvider: z.boolean(),
    language: z.enum(['en', 'es']),
    storeBusinessName: z.string(),
  }),
});

/**
 * The store changed an order's status or notes (services/commerce, in the update's
 * transaction): the `order.updated` webhook (docs/product/store-api.md#events).
 */
export const orderUpdated = defineEvent({
  detailType: 'Order.Updated',
  version: 1,
  domain: 'commerce',
  data: z.object({
    orderId: z.string(),
    storeUserId: z.string(),
    kind: z.string(),
    status: z.string(),
    previousStatus: z.string(),
    total: z.int(),
    currency: z.string(),
    updatedAt: z.string(),
  }),
});

/**
 * An order was made (services/commerce, in its create transaction): today the storefront's
 * paid orders (`channel: storefront`). Feeds the `order.created` webhook, the store's in-app
 * notification and the buyer's order confirmation email (the buyer's language).
 */
export const orderCreated = defineEvent({
  detailType: 'Order.Created',
  version: 1,
  domain: 'commerce',
  data: z.object({
    orderId: z.string(),
    storeUserId: z.string(),
    storeBusinessName: z.string(),
    kind: z.string(),
    status: z.string(),
    /** `dashboard`, `offer` or `storefront`. */
    channel: z.string(),
    /** The storefront checkout it came from; null otherwise. */
    checkoutId: z.nullable(z.string()),
    shareId: z.string(),
    total: z.int(),
    currency: z.string(),
    buyerName: z.string(),
    buyerEmail: z.nullable(z.string()),
    /** en or es: the buyer's language for the confirmation email. */
    buyerLocale: z.string(),
    lines: z.array(
      z.object({
        name: z.string(),
        sku: z.string(),
        size: z.string(),
        quantity: z.int(),
        unitPrice: z.int(),
      }),
    ),
    /**
     * A storefront order whose pair was gone when the payment arrived (sold at the counter
     * during the hold): the store must refund or replace it. Optional: absent means false.
     */
    stockMissing: z.optional(z.boolean()),
    createdAt: z.string(),
  }),
});
