import * as z from 'zod/mini';
import { defineEvent } from './define-event';

/**
 * Booking emails (docs/product/notifications-and-emails.md#booking-emails): the event carries what the email
 * needs, so the consumer reads nothing else. `clientEmail` empty or `notifyClient` false →
 * the send is skipped.
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
  /**
   * False when the store switched the email off for this save (booking form). Defaults to
   * true so events written before the switch existed still send.
   */
  notifyClient: z._default(z.boolean(), true),
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
