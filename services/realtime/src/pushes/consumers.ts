import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
// Each event from its own module: the events index would bundle every domain's schemas.
import { invoicePaid, paymentFailed, subscriptionChanged, trialEnding } from '@sneakers/events/billing';
import { dealsChanged } from '@sneakers/events/deals';
import { flagsChanged } from '@sneakers/events/flags';
import { conversationRead, messageSent } from '@sneakers/events/messaging';
import { notificationAdded, notificationRead } from '@sneakers/events/notifications';
import { settingsChanged } from '@sneakers/events/settings';
import { connectionsDeps } from '../connections/deps';
import {
  onBillingChanged,
  onConversationRead,
  onDealsChanged,
  onFlagsChanged,
  onInboxChanged,
  onMessageSent,
  onSettingsChanged,
} from './domain';

// The ids name the rules and dead-letter queues, so they stay stable.

export const pushSettingsChanges = consumer('push-settings-changes', settingsChanged, async (detail) => {
  await onSettingsChanged(connectionsDeps(), detail);
});

export const pushNotificationAdded = consumer(
  'push-notification-added',
  notificationAdded,
  async (detail) => {
    await onInboxChanged(connectionsDeps(), detail);
  },
);

export const pushNotificationRead = consumer('push-notification-read', notificationRead, async (detail) => {
  await onInboxChanged(connectionsDeps(), detail);
});

export const pushFlagsChanges = consumer('push-flags-changes', flagsChanged, async (detail) => {
  await onFlagsChanged(connectionsDeps(), detail);
});

export const pushMessageSent = consumer('push-message-sent', messageSent, async (detail) => {
  await onMessageSent(connectionsDeps(), detail);
});

export const pushConversationRead = consumer('push-conversation-read', conversationRead, async (detail) => {
  await onConversationRead(connectionsDeps(), detail);
});

export const pushBillingChanges = [
  consumer('push-subscription-changed', subscriptionChanged, async (detail) => {
    await onBillingChanged(connectionsDeps(), detail.data.userId);
  }),
  consumer('push-trial-ending', trialEnding, async (detail) => {
    await onBillingChanged(connectionsDeps(), detail.data.userId);
  }),
  consumer('push-invoice-paid', invoicePaid, async (detail) => {
    await onBillingChanged(connectionsDeps(), detail.data.userId);
  }),
  consumer('push-payment-failed', paymentFailed, async (detail) => {
    await onBillingChanged(connectionsDeps(), detail.data.userId);
  }),
];

export const pushDealsChanged = consumer('push-deals-changed', dealsChanged, async (detail) => {
  await onDealsChanged(connectionsDeps(), detail.data.userId);
});

/** The pushes domain events trigger, to browsers on the public topic or to one user's tabs. */
export const pushConsumers: Consumer[] = [
  pushSettingsChanges,
  pushNotificationAdded,
  pushNotificationRead,
  pushFlagsChanges,
  pushMessageSent,
  pushConversationRead,
  ...pushBillingChanges,
  pushDealsChanged,
];
