import { dealsMatched } from '@sneakers/events';
import { consumer, type Consumer } from '@sneakers/shared/runtime/function';
import { digestDeps } from './deps';
import { recordPendingDigest } from './domain';

/** The ids name the rules and dead-letter queues, so they stay stable. */
export const digestConsumers: Consumer[] = [
  consumer('record-deals-digest', dealsMatched, (detail) => recordPendingDigest(digestDeps(), detail)),
];
