import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/** A one-time subscribe ticket, keyed by its SHA-256 (the ticket itself is never stored). */
export const ticketEntity = new Entity({
  model: { entity: 'realtimeTicket', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    ticketHash: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    /** Epoch seconds; also the TTL (DynamoDB's TTL may lag, so reads check it too). */
    expiresAt: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byHash: { pk: { field: 'pk', composite: ['ticketHash'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type TicketItem = EntityItem<typeof ticketEntity>;
