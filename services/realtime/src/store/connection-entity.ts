import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * Open WebSocket connections. gsi1 groups them by topic so a broadcast is one Query
 * (no Scan); TTL removes rows API Gateway never told us about (2 h connection limit).
 */
export const connectionEntity = new Entity({
  model: { entity: 'connection', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    connectionId: { type: 'string', required: true },
    topic: { type: 'string', required: true },
    connectedAt: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
    /** Set once the connection subscribed with a ticket. */
    userId: { type: 'string' },
  },
  indexes: {
    byConnection: { pk: { field: 'pk', composite: ['connectionId'] }, sk: { field: 'sk', composite: [] } },
    byTopic: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['topic'] },
      sk: { field: 'gsi1sk', composite: ['connectionId'] },
    },
  },
});

export type ConnectionItem = EntityItem<typeof connectionEntity>;

/**
 * A signed-in user's open connection (one row per tab): the user's pushes are one Query on
 * their partition. Same TTL as the connection.
 */
export const userConnectionEntity = new Entity({
  model: { entity: 'userConnection', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    connectionId: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: ['connectionId'] } },
  },
});

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
