import { Entity } from './entity';
import { ELECTRO_SERVICE } from './definition';
import { OUTBOX_ENTITY } from './outbox-entity-name';

export { OUTBOX_ENTITY };

/**
 * Transactional outbox (docs/architecture.md#transactional-outbox): a domain write and its event are one
 * TransactWriteItems; the outbox service reads the table's stream and publishes to
 * EventBridge, so an event exists if and only if its write committed.
 */
export const OUTBOX_TTL_SECONDS = 24 * 3600;

export const outboxEntity = new Entity({
  model: { entity: OUTBOX_ENTITY, version: '1', service: ELECTRO_SERVICE },
  attributes: {
    eventId: { type: 'string', required: true },
    source: { type: 'string', required: true },
    detailType: { type: 'string', required: true },
    detail: { type: 'any', required: true },
    occurredAt: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEvent: {
      pk: { field: 'pk', composite: ['eventId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export interface OutboxEvent {
  eventId: string;
  source: string;
  detailType: string;
  detail: unknown;
  occurredAt: string;
}

export function outboxItem(event: OutboxEvent) {
  return { ...event, ttl: Math.floor(Date.parse(event.occurredAt) / 1000) + OUTBOX_TTL_SECONDS };
}
