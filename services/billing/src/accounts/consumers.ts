import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
// The event from its own module: the events index would bundle every domain's schemas.
import { accountClosureRequested, profileCreated } from '@sneakers/events/profiles';
import { accountsDeps } from './deps';
import { cancelOnClosure, startSignUpTrial } from './domain';

// The id names the rule and its dead-letter queue, so it stays stable.

/**
 * Profile.Created → the provider's customer and the 14-day trial without a card. A failure
 * (the provider down) throws, so the bus retries it and then parks it in the queue.
 */
export const startTrialOnSignUp = consumer('start-trial-on-sign-up', profileCreated, async (detail) => {
  await startSignUpTrial(accountsDeps(), detail.data);
});

/** Account.ClosureRequested → the subscription cancelled now (a provider failure is retried by the bus). */
export const cancelOnAccountClosure = consumer(
  'cancel-subscription-on-closure',
  accountClosureRequested,
  async (detail) => {
    await cancelOnClosure(accountsDeps(), detail.data.userId);
  },
);

export const accountConsumers: Consumer[] = [startTrialOnSignUp, cancelOnAccountClosure];
