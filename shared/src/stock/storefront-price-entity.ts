import { ownerAttribute } from '../table/common-attributes';
import { ELECTRO_SERVICE } from '../table/definition';
import { Entity, type EntityItem } from '../table/entity';

/**
 * Owned by the storefront service; shared because a pricing strategy sets online store prices
 * (services/pricing, `target: storefront`) in the same transaction as its own history row, and
 * both must write the row the same way.
 *
 * A storefront price the store set for one list item (`pk = storeUserId`, `sk = itemId`); an
 * item without one sells at its list price (shared/src/rules/storefront.ts). Deleted when the
 * store goes back to the list price.
 */
export const storefrontPriceEntity = new Entity({
  model: { entity: 'storefrontPrice', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: ownerAttribute,
    itemId: { type: 'string', required: true, readOnly: true },
    price: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byStore: { pk: { field: 'pk', composite: ['storeUserId'] }, sk: { field: 'sk', composite: ['itemId'] } },
  },
});

export type StorefrontPriceRow = EntityItem<typeof storefrontPriceEntity>;
