import { CURRENCIES } from '../money';
import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The read-only views of the storefront service's `storefrontProduct` and `storefrontSetup`
 * rows (services/storefront/src/catalog/product-entity.ts, src/setup/setup-entity.ts) for the
 * offers service: an offer made on a product page resolves its size to the item behind it on
 * the server (docs/product/offers.md#storefront-offers). Same entity names, versions, service and
 * keys; only what an offer reads. `offers` is the product row's PRIVATE ProductOffer[] (item ids):
 * parse it on read, never answer it. Never written through;
 * `storefront/test/unit/storefront-product-view.test.ts` fails when they drift.
 */
export const storefrontProductView = new Entity({
  model: { entity: 'storefrontProduct', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    productId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    sku: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    currency: { type: CURRENCIES, required: true },
    offers: { type: 'any', required: true },
  },
  indexes: {
    byStore: {
      pk: { field: 'pk', composite: ['storeUserId'] },
      sk: { field: 'sk', composite: ['productId'] },
    },
  },
});

/** Whether the storefront is on: a store that turned it off takes no offers from it. */
export const storefrontSetupView = new Entity({
  model: { entity: 'storefrontSetup', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    storeUserId: { type: 'string', required: true, readOnly: true },
    enabled: { type: 'boolean', required: true },
  },
  indexes: {
    byStore: { pk: { field: 'pk', composite: ['storeUserId'] }, sk: { field: 'sk', composite: [] } },
  },
});
