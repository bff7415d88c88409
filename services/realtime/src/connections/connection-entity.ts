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
