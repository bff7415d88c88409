import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A pair held for one buyer while they pay (docs/product/online-store.md#holds): one row per
 * list item and size in the store's partition (`pk = storeUserId`, `sk = itemId#size`). It is
 * written only when absent or expired, in the checkout's transaction, so two buyers never hold
 * the same pair; it lapses by itself at `expiresAt` (the table's TTL removes it later).
 */
export const holdEntity = new Entity({
  model: { entity: 'storefrontHold', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    itemId: { type: 'string', required: true, readOnly: true },
    size: { type: 'string', required: true, readOnly: true },
    checkoutId: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    /** Epoch seconds, a day after `expiresAt`: DynamoDB's TTL clears the lapsed row. */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byPair: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['itemId', 'size'] },
    },
  },
});

export type HoldRow = EntityItem<typeof holdEntity>;
