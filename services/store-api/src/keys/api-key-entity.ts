import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { idAttribute, ownedIndex, ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * A store's API key as its list shows it (`pk = storeUserId`, `sk = keyId`, a ULID: one
 * Query descending is the list, newest first). `keyHash` names the lookup row to delete on
 * revoke; the key itself is never stored. Absent `revokedAt` stands for active.
 */
export const apiKeyEntity = new Entity({
  model: { entity: 'storeApiKey', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    keyId: idAttribute,
    name: { type: 'string', required: true },
    prefix: { type: 'string', required: true, readOnly: true },
    keyHash: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    revokedAt: { type: 'string' },
  },
  indexes: { byStore: ownedIndex('storeUserId', ['keyId']) },
});

export type ApiKeyItem = EntityItem<typeof apiKeyEntity>;

export const apiKeyKey = ({ storeUserId, keyId }: Pick<ApiKeyItem, 'storeUserId' | 'keyId'>) => ({
  storeUserId,
  keyId,
});
