import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * How many active keys a store has (`pk = storeUserId`): created and revoked in the same
 * transaction as the key, with a condition, so API_KEYS_MAX_ACTIVE holds under concurrency.
 */
export const apiKeyTallyEntity = new Entity({
  model: { entity: 'storeApiKeyTally', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    active: { type: 'number', required: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

export type ApiKeyTallyItem = EntityItem<typeof apiKeyTallyEntity>;
