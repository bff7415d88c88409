import { ownerAttribute } from '@sneakers/shared/table/common-attributes';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';
import { Entity, type EntityItem } from '@sneakers/shared/table/entity';

/**
 * A storefront price the store set for one list item (`pk = storeUserId`, `sk = itemId`); an
 * item without one sells at its list price (shared/src/rules/storefront.ts). Deleted when the
 * store goes back to the list price.
 */
export const priceEntity = new Entity({
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

export type PriceRow = EntityItem<typeof priceEntity>;
