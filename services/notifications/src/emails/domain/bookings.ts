import type { bookingCreated, bookingInformationRequested, bookingUpdated } from '@sneakers/events';
import { bookingEmail, type BookingEmailType } from '../index';
import { sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/**
 * Booking emails to the client (docs/product/notifications-and-emails.md#booking-emails;
 * no in-app notification): the event carries everything, so nothing is read. Skipped
 * silently without a client email or when the store switched the email off for that save;
 * sent once per event.
 */
type BookingEvent = DetailOf<typeof bookingCreated>;

async function sendBookingEmail(
  deps: EmailsDeps,
  type: BookingEmailType,
  event: BookingEvent,
): Promise<void> {
  if (!event.data.notifyClient || !event.data.clientEmail.trim()) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, type, 'client'),
    bookingEmail(type, event.data, deps.appUrl),
    true,
  );
}

/** Booking.Created → booking_confirmation. */
export async function onBookingCreated(deps: EmailsDeps, event: BookingEvent): Promise<void> {
  await sendBookingEmail(deps, 'booking_confirmation', event);
}

/** Booking.Updated → booking_update. */
export async function onBookingUpdated(
  deps: EmailsDeps,
  event: DetailOf<typeof bookingUpdated>,
): Promise<void> {
  await sendBookingEmail(deps, 'booking_update', event);
}

/** Booking.InformationRequested → booking_information. */
export async function onBookingInformationRequested(
  deps: EmailsDeps,
  event: DetailOf<typeof bookingInformationRequested>,
): Promise<void> {
  await sendBookingEmail(deps, 'booking_information', event);
}
