import { Entity } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

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
