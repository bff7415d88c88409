import { pricingThingCreated } from '@sneakers/events';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { talliesDeps } from './deps';
import { countThing } from './domain';

/** The ids name the rules and dead-letter queues, so they stay stable. */
export const talliesConsumers: Consumer[] = [
  consumer('count-thing', pricingThingCreated, (detail) => countThing(talliesDeps(), detail)),
];
