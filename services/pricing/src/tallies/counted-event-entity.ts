import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity } from '@sneakers/shared/table/entity';

/**
 * An event the tally has counted, written in the same transaction as the count: a
 * redelivery of the event finds it and counts nothing. Expires a week later (TTL).
 */
export const countedEventEntity = new Entity({
  model: { entity: 'pricingCountedEvent', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    countedAt: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byEvent: { pk: { field: 'pk', composite: ['eventId'] }, sk: { field: 'sk', composite: [] } },
  },
});

/** How long a counted event is remembered: far longer than the bus retries a delivery. */
export const COUNTED_EVENT_TTL_SECONDS = 7 * 24 * 3600;
