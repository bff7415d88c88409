import { Entity } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * That an event was fanned out to an endpoint (`pk = eventId + endpointId`), written
 * conditionally with the delivery: a redelivered event creates no second delivery. TTL 7 days,
 * longer than the bus retries an event.
 */
export const webhookFanoutEntity = new Entity({
  model: { entity: 'webhookFanout', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    endpointId: { type: 'string', required: true, readOnly: true },
    deliveryId: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byEvent: {
      pk: { field: 'pk', composite: ['eventId', 'endpointId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export const FANOUT_KEPT_DAYS = 7;
