import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { STOREFRONT_LOCALES } from '@sneakers/shared/contracts/storefront';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * One "notify me" subscription (docs/product/online-store.md#notify-me), in the store's
 * partition: `sk = productId, sizeKey, email`, so there is at most one per (store, product,
 * size, address) and the subscribers of one size are one Query (the back-in-stock consumer).
 * Pending until the visitor confirms; removed when it is emailed, or unsubscribed. `ttl`
 * drops a pending one nobody confirmed and, much later, a confirmed one that never fired.
 */
export const subscriptionEntity = new Entity({
  model: { entity: 'storefrontNotifySubscription', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    productId: { type: 'string', required: true, readOnly: true },
    /** `eu:<size>` when the size chart knows the size, else `label:<label>` (./size-key.ts). */
    sizeKey: { type: 'string', required: true, readOnly: true },
    /** Lower-cased. */
    email: { type: 'string', required: true, readOnly: true },
    /** The size as the storefront listed it when the visitor asked. */
    size: { type: 'string', required: true },
    locale: { type: STOREFRONT_LOCALES, required: true },
    status: { type: ['pending', 'confirmed'] as const, required: true },
    storeName: { type: 'string', required: true },
    productName: { type: 'string', required: true },
    /** SHA-256 of the confirm link's token: only the latest confirmation email confirms. */
    confirmTokenHash: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    confirmedAt: { type: 'string' },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['productId', 'sizeKey', 'email'] },
    },
  },
});

export type SubscriptionRow = EntityItem<typeof subscriptionEntity>;
