import {
  listNotifications as listNotificationsContract,
  markNotificationRead as markNotificationReadContract,
} from '@sneakers/shared/contracts/offers';
import { defineService, route } from '@sneakers/shared/runtime/service';
import {
  bookingCreated,
  bookingInformationRequested,
  bookingUpdated,
  offerReceived,
  offerUpdated,
} from '@sneakers/events';
import { notificationsDeps } from './deps';
import {
  listNotifications,
  markNotificationRead,
  onBookingCreated,
  onBookingInformationRequested,
  onBookingUpdated,
  onOfferReceived,
  onOfferUpdated,
} from './domain/notifications';

/** In-app notifications, offer emails and booking emails; consumers of the offers and crm events. */
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
  ],
  access: { table: 'readWrite', sendsEmail: true },
});
