import { Entity } from '../table/entity';
import { CURRENCIES } from '../money';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The one read-only view of commerce's `commerceVirtualProduct` row
 * (services/commerce/src/virtual-products/virtual-product-entity.ts) for other services (the
 * online store's set-up and projection): same entity name, version, service and keys
 * (`pk = storeUserId`, `sk = id`), only the fields a buyer may see plus `active` (never the
 * cost price or notes). Never written through; `commerce/test/unit/virtual-product-view.test.ts`
 * fails when it drifts from the owner.
 */
export const virtualProductView = new Entity({
  model: { entity: 'commerceVirtualProduct', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    productCatalogId: { type: 'string' },
    productVariantId: { type: 'string' },
    sku: { type: 'string', required: true },
    name: { type: 'string', required: true },
    brand: { type: 'string', required: true },
    colorway: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    price: { type: 'number', required: true },
    currency: { type: CURRENCIES, required: true },
    sizes: { type: 'list', items: { type: 'string' }, required: true },
    active: { type: 'boolean', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byStore: { pk: { field: 'pk', composite: ['storeUserId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});
