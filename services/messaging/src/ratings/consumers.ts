import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { offerUpdated } from '@sneakers/events/offers';
import { ratingsDeps } from './deps';
import { recordAcceptedOffer } from './domain';

/** The events the ratings consume; the ids name the rules and dead-letter queues, so they stay stable. */
export const ratingsConsumers: Consumer[] = [
  // An accepted offer makes its two sides trading partners (who may then rate each other).
  consumer('record-trading-partners', offerUpdated, async (detail) => {
    if (detail.data.status !== 'accepted') return;
    await recordAcceptedOffer(ratingsDeps(), detail.data.offerId, detail.occurredAt);
  }),
];
