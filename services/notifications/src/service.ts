import {
  listNotifications as listNotificationsContract,
  markNotificationRead as markNotificationReadContract,
} from '@sneakers/shared/contracts/offers';
import { defineService, route } from '@sneakers/shared/runtime/service';
import { offerReceived, offerUpdated } from '@sneakers/events';
import { notificationsDeps } from './deps';
import {
  listNotifications,
  markNotificationRead,
  onOfferReceived,
  onOfferUpdated,
} from './domain/notifications';

/** In-app notifications and offer emails; consumers of the offers domain's events. */
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
  ],
  access: { table: 'readWrite', sendsEmail: true },
});
