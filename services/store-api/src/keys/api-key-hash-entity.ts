import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * The authorizer's one GetItem: an active key by the SHA-256 of its secret
 * (`pk = keyHash`). Exists only while the key is active: revoking deletes it, so a revoked
 * key and one never issued read the same.
 */
export const apiKeyHashEntity = new Entity({
  model: { entity: 'storeApiKeyHash', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    keyHash: { type: 'string', required: true, readOnly: true },
    storeUserId: { type: 'string', required: true, readOnly: true },
    keyId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byHash: {
      pk: { field: 'pk', composite: ['keyHash'], casing: 'none' },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export type ApiKeyHashItem = EntityItem<typeof apiKeyHashEntity>;
