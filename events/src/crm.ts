import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * Booking emails (spec section 7, send-booking-email): the event carries what the email
 * needs, so the consumer reads nothing else. `clientEmail` empty → the send is skipped.
 */
const bookingEmailData = z.object({
  bookingId: z.string(),
  storeUserId: z.string(),
  shareId: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  itemName: z.string(),
  itemSku: z.string(),
  size: z.string(),
  salePrice: z.int(),
  prepaidAmount: z.int(),
  currency: z.string(),
  status: z.string(),
  /** The store's language (en/es) and business name: the email is written as the store. */
  language: z.enum(['en', 'es']),
  storeBusinessName: z.string(),
});

/** A booking was created: booking_confirmation to the client. */
export const bookingCreated = defineEvent({
  detailType: 'Booking.Created',
  version: 1,
  domain: 'crm',
  data: bookingEmailData,
});

/** A booking changed: booking_update to the client. */
export const bookingUpdated = defineEvent({
  detailType: 'Booking.Updated',
  version: 1,
  domain: 'crm',
  data: bookingEmailData,
});

/** The store asked to send the booking's details: booking_information to the client. */
export const bookingInformationRequested = defineEvent({
  detailType: 'Booking.InformationRequested',
  version: 1,
  domain: 'crm',
  data: bookingEmailData,
});

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

/** Consignment emails (spec section 7, send-consignment-email): all the email needs. */
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
  salePrice: z.nullable(z.int()),
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
