import type { Consumer } from '@sneakers/shared/runtime/service';

/** The events the service consumes; the ids name the rules and dead-letter queues, so they stay stable. */
export const messagingConsumers: Consumer[] = [];
