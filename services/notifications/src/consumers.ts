import {
  anonymousOfferAnswered,
  bookingCreated,
  bookingInformationRequested,
  bookingUpdated,
  consignmentCreated,
  consignmentSold,
  messagesUnread,
  offerReceived,
  offerUpdated,
  paymentRecorded,
  providerRegistered,
  saleRecorded,
} from '@sneakers/events';
import { consumer } from '@sneakers/shared/runtime/function';
import { notificationsDeps } from './deps';
import { onPaymentRecorded, onSaleRecorded } from './domain/commerce';
import { onBookingCreated, onBookingInformationRequested, onBookingUpdated } from './domain/bookings';
import { onConsignmentCreated, onConsignmentSold } from './domain/consignments';
import { onMessagesUnread } from './domain/messages';
import { onAnonymousOfferAnswered, onOfferReceived, onOfferUpdated } from './domain/offers';
import { onProviderRegistered } from './domain/providers';

/** The events the service consumes; the ids name the rules and dead-letter queues, so they stay stable. */
export const notificationsConsumers = [
  consumer('notify-offer-received', offerReceived, (detail) => onOfferReceived(notificationsDeps(), detail)),
  consumer('notify-offer-updated', offerUpdated, (detail) => onOfferUpdated(notificationsDeps(), detail)),
  consumer('email-offer-answered', anonymousOfferAnswered, (detail) =>
    onAnonymousOfferAnswered(notificationsDeps(), detail),
  ),
  consumer('email-booking-created', bookingCreated, (detail) =>
    onBookingCreated(notificationsDeps(), detail),
  ),
  consumer('email-booking-updated', bookingUpdated, (detail) =>
    onBookingUpdated(notificationsDeps(), detail),
  ),
  consumer('email-booking-information', bookingInformationRequested, (detail) =>
    onBookingInformationRequested(notificationsDeps(), detail),
  ),
  consumer('email-consignment-created', consignmentCreated, (detail) =>
    onConsignmentCreated(notificationsDeps(), detail),
  ),
  consumer('email-consignment-sold', consignmentSold, (detail) =>
    onConsignmentSold(notificationsDeps(), detail),
  ),
  consumer('email-sale-confirmation', saleRecorded, (detail) => onSaleRecorded(notificationsDeps(), detail)),
  consumer('email-payment', paymentRecorded, (detail) => onPaymentRecorded(notificationsDeps(), detail)),
  consumer('notify-provider-registered', providerRegistered, (detail) =>
    onProviderRegistered(notificationsDeps(), detail),
  ),
  consumer('email-message-received', messagesUnread, (detail) =>
    onMessagesUnread(notificationsDeps(), detail),
  ),
];
