import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/** The storefront service's events (services/storefront), each written in its change's transaction. */

const buyer = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  locale: z.string(),
  shipping: z.object({
    line1: z.string(),
    line2: z.nullable(z.string()),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
});

/**
 * A storefront checkout was paid (the consumer of Billing.CheckoutPaid, once per checkout):
 * commerce makes the paid order from it and takes the pair out of stock in one transaction.
 */
export const storefrontCheckoutPaid = defineEvent({
  detailType: 'Storefront.CheckoutPaid',
  version: 1,
  domain: 'storefront',
  data: z.object({
    checkoutId: z.string(),
    storeUserId: z.string(),
    productId: z.string(),
    /** The list item the pair comes from; null for a virtual product (no stock to take). */
    itemId: z.nullable(z.string()),
    listType: z.nullable(z.string()),
    virtualProductId: z.nullable(z.string()),
    size: z.string(),
    amount: z.int(),
    currency: z.string(),
    line: z.object({
      productCatalogId: z.nullable(z.string()),
      productVariantId: z.nullable(z.string()),
      sku: z.string(),
      name: z.string(),
      brand: z.string(),
      colorway: z.string(),
      imageUrl: z.nullable(z.string()),
    }),
    buyer,
    paymentIntentId: z.nullable(z.string()),
    paidAt: z.string(),
  }),
});

/**
 * A size came back in stock on a storefront (the projection saw it go from none to some):
 * the notify-me consumer emails each confirmed subscriber of that size once.
 */
export const storefrontBackInStock = defineEvent({
  detailType: 'Storefront.BackInStock',
  version: 1,
  domain: 'storefront',
  data: z.object({
    storeUserId: z.string(),
    productId: z.string(),
    size: z.string(),
    at: z.string(),
  }),
});

/**
 * An email the storefront asks the notifications service to send to a visitor (not a user):
 * the notify-me confirmation (double opt-in) and the back-in-stock message. Links are whole
 * paths on the web app; the email adds the origin.
 */
export const storefrontEmailRequested = defineEvent({
  detailType: 'Storefront.EmailRequested',
  version: 1,
  domain: 'storefront',
  data: z.object({
    kind: z.enum(['notify_confirm', 'back_in_stock']),
    /** Unique per email: the send-once claim is keyed by it. */
    emailId: z.string(),
    to: z.string(),
    locale: z.string(),
    storeName: z.string(),
    productName: z.string(),
    size: z.string(),
    /** notify_confirm: the confirm page; back_in_stock: the product page. */
    actionPath: z.string(),
    /** The one-click unsubscribe page. */
    unsubscribePath: z.string(),
  }),
});
