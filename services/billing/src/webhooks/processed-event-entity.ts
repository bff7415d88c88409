import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity } from '@sneakers/shared/table/entity';

/** How long a provider event id is remembered: Stripe retries a delivery for up to 3 days. */
export const PROCESSED_EVENT_TTL_SECONDS = 30 * 24 * 3600;

/**
 * A provider event that was applied: created (conditional on absence) in the same
 * transaction as its change, so a redelivery finds it and changes nothing.
 */
export const processedEventEntity = new Entity({
  model: { entity: 'billingProcessedEvent', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    appliedAt: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byEvent: { pk: { field: 'pk', composite: ['eventId'] }, sk: { field: 'sk', composite: [] } },
  },
});
