import { Entity } from '../table/entity';
import { ITEM_STATUSES, ITEM_VISIBILITIES, LIST_TYPES } from '../contracts/list-values';
import { CURRENCIES } from '../money';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The one read-only view of the lists service's `sneakerItem` row (shared/src/stock/item-entity.ts):
 * same name, version, service and primary keys (`pk = owner`, `sk = listType#id`), the
 * fields other services read. Never written through; `lists/test/unit/item-view.test.ts`
 * fails when it drifts from the owner.
 */
export const itemView = new Entity({
  model: { entity: 'sneakerItem', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    listType: { type: LIST_TYPES, required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    status: { type: ITEM_STATUSES, required: true },
    visibility: { type: ITEM_VISIBILITIES, required: true },
    isBulk: { type: 'boolean', required: true },
    sku: { type: 'string', required: true },
    name: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    sizes: { type: 'list', items: { type: 'string' }, required: true },
    currency: { type: CURRENCIES, required: true },
    // The store API's prices of a product (services/catalog/src/prices).
    productCatalogId: { type: 'string' },
    askingPrice: { type: 'number' },
    // The online store's set-up reads the list price of a wts item and the brand (services/storefront).
    brand: { type: 'string', required: true },
    desiredPrice: { type: 'number' },
    // Store mode's counter (services/store-mode) shows the pair and knows when it changed.
    colorway: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['listType', 'id'] },
    },
  },
});
