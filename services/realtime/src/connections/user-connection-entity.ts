import { ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity } from '@sneakers/shared/table/entity';

/**
 * A signed-in user's open connection (one row per tab): the user's pushes are one Query on
 * their partition. Same TTL as the connection.
 */
export const userConnectionEntity = new Entity({
  model: { entity: 'userConnection', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: ownerAttribute,
    connectionId: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byUser: ownedIndex('userId', ['connectionId']),
  },
});
