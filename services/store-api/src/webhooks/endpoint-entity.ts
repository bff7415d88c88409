import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import {
  idAttribute,
  ownedIndex,
  ownerAttribute,
  timestampAttributes,
} from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A store's webhook endpoint (`pk = storeUserId`, `sk = id`): a store keeps a handful, so the
 * fan-out reads the whole partition. `secret` signs; `previousSecret` signs too until
 * `previousSecretExpiresAt` (a rotation). `failingSince` is the first failure of the current
 * streak (absent while healthy); absent optional fields stand for null.
 */
export const webhookEndpointEntity = new Entity({
  model: { entity: 'webhookEndpoint', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    id: idAttribute,
    url: { type: 'string', required: true },
    description: { type: 'string', required: true },
    events: { type: 'list', items: { type: 'string' }, required: true },
    enabled: { type: 'boolean', required: true },
    disabledReason: { type: ['manual', 'failing'] as const },
    secret: { type: 'string', required: true },
    previousSecret: { type: 'string' },
    previousSecretExpiresAt: { type: 'string' },
    failingSince: { type: 'string' },
    ...timestampAttributes,
  },
  indexes: {
    byStore: ownedIndex('storeUserId', ['id']),
  },
});

export type WebhookEndpointRow = EntityItem<typeof webhookEndpointEntity>;
