import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * A sale was recorded (services/commerce, in the sale's transaction): the sale confirmation
 * email to the client (docs/product/notifications-and-emails.md#sale-confirmation-email: the
 * sale, the item, the client and the store). `clientEmail` empty or `notifyClient` false → no
 * email.
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
 * A provider was paid (services/commerce, in the payment's transaction): the payment email to
 * the provider (docs/product/notifications-and-emails.md#payment-email: the payment, the
 * provider and the store). `providerEmail` empty or `notifyProvider` false → no email.
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
