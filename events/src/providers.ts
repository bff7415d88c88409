import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/** A provider registered through the store's link (pending): an in-app notification for the store. */
export const providerRegistered = defineEvent({
  detailType: 'Provider.Registered',
  version: 1,
  domain: 'providers',
  data: z.object({
    providerId: z.string(),
    storeUserId: z.string(),
    providerName: z.string(),
  }),
});

/**
 * Consignment emails (docs/product/notifications-and-emails.md#consignment-emails): all the email needs and no
 * more. `price` is the agreed price, what the store owes the provider; the store's sale
 * price is its own business (its margin) and never travels to the provider's email.
 * Details written before the sale price was dropped still parse: unknown keys are stripped.
 */
const consignmentEmailData = z.object({
  consignmentId: z.string(),
  storeUserId: z.string(),
  storeBusinessName: z.string(),
  language: z.string(),
  providerName: z.string(),
  providerEmail: z.string(),
  itemName: z.string(),
  itemSku: z.string(),
  size: z.string(),
  price: z.int(),
  currency: z.string(),
});

/** Goods received from a provider: consignment_created to the provider. */
export const consignmentCreated = defineEvent({
  detailType: 'Consignment.Created',
  version: 1,
  domain: 'providers',
  data: consignmentEmailData,
});

/** A consigned item sold: consignment_sold to the provider. */
export const consignmentSold = defineEvent({
  detailType: 'Consignment.Sold',
  version: 1,
  domain: 'providers',
  data: consignmentEmailData,
});
