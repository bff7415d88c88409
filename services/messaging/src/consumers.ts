import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { offerUpdated } from '@sneakers/events/offers';
import { messagingDeps } from './deps';
import { recordAcceptedOffer } from './domain/trading-partners';

/** The events the service consumes; the ids name the rules and dead-letter queues, so they stay stable. */
export const messagingConsumers: Consumer[] = [
  // An accepted offer makes its two sides trading partners (who may then rate each other).
  consumer('record-trading-partners', offerUpdated, async (detail) => {
    if (detail.data.status !== 'accepted') return;
    await recordAcceptedOffer(messagingDeps(), detail.data.offerId, detail.occurredAt);
  }),
];
