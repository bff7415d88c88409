import { pricingThingCreated } from '@sneakers/events';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { thingsDeps } from './deps';
import { onThingCreated } from './domain';

/** The ids name the rules and dead-letter queues, so they stay stable. */
export const thingsConsumers: Consumer[] = [
  consumer('mark-thing-processed', pricingThingCreated, (detail) => onThingCreated(thingsDeps(), detail)),
];
