import {
  listNotifications as listNotificationsContract,
  markNotificationRead as markNotificationReadContract,
} from '@sneakers/shared/contracts/offers';
import { defineService, route } from '@sneakers/shared/runtime/service';
import {
  bookingCreated,
  bookingInformationRequested,
  bookingUpdated,
  consignmentCreated,
  consignmentSold,
  offerReceived,
  offerUpdated,
  providerRegistered,
} from '@sneakers/events';
import { notificationsDeps } from './deps';
import {
  listNotifications,
  markNotificationRead,
  onBookingCreated,
  onBookingInformationRequested,
  onBookingUpdated,
  onConsignmentCreated,
  onConsignmentSold,
  onOfferReceived,
  onOfferUpdated,
  onProviderRegistered,
} from './domain/notifications';

/**
 * In-app notifications, offer, booking and consignment emails; consumers of the offers, crm
 * and providers events.
 */
export const notificationsService = defineService({
  name: 'notifications',
  routes: [
    route(listNotificationsContract, async ({ actor, query }) =>
      listNotifications(notificationsDeps(), actor, query),
    ),
    route(
      markNotificationReadContract,
      async ({ actor, params }) => markNotificationRead(notificationsDeps(), actor, params.notificationId),
      { status: 200 },
    ),
  ],
  consumers: [
    {
      id: 'notify-offer-received',
      detailTypes: [offerReceived.detailType],
      handle: (event) => onOfferReceived(notificationsDeps(), event.detail),
    },
    {
      id: 'notify-offer-updated',
      detailTypes: [offerUpdated.detailType],
      handle: (event) => onOfferUpdated(notificationsDeps(), event.detail),
    },
    {
      id: 'email-booking-created',
      detailTypes: [bookingCreated.detailType],
      handle: (event) => onBookingCreated(notificationsDeps(), event.detail),
    },
    {
      id: 'email-booking-updated',
      detailTypes: [bookingUpdated.detailType],
      handle: (event) => onBookingUpdated(notificationsDeps(), event.detail),
    },
    {
      id: 'email-booking-information',
      detailTypes: [bookingInformationRequested.detailType],
      handle: (event) => onBookingInformationRequested(notificationsDeps(), event.detail),
    },
    {
      id: 'email-consignment-created',
      detailTypes: [consignmentCreated.detailType],
      handle: (event) => onConsignmentCreated(notificationsDeps(), event.detail),
    },
    {
      id: 'email-consignment-sold',
      detailTypes: [consignmentSold.detailType],
      handle: (event) => onConsignmentSold(notificationsDeps(), event.detail),
    },
    {
      id: 'notify-provider-registered',
      detailTypes: [providerRegistered.detailType],
      handle: (event) => onProviderRegistered(notificationsDeps(), event.detail),
    },
  ],
  access: { table: 'readWrite', sendsEmail: true },
});
