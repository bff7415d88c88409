import { GENDERS } from '../contracts/catalog';
import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The read-only views of the catalog service's `catalogProduct` and `catalogVariant` rows
 * (services/catalog/src/products/{product,variant}-entity.ts) for other services (the online
 * store's projection): same entity names, versions, service and keys. A product and its
 * variants share the partition (collection `productDetail`), so a Service holding both views
 * reads a product with all its sizes in ONE Query. Only the fields a storefront shows. Never
 * written through; `catalog/test/unit/catalog-product-view.test.ts` fails when they drift.
 */
export const catalogProductView = new Entity({
  model: { entity: 'catalogProduct', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    productId: { type: 'string', required: true, readOnly: true },
    sku: { type: 'string', required: true },
    name: { type: 'string', required: true },
    brand: { type: 'string', required: true },
    imageUrl: { type: 'string' },
    releaseDate: { type: 'string' },
    colorway: { type: 'string', required: true },
    gender: { type: GENDERS },
  },
  indexes: {
    byProduct: {
      collection: 'productDetail',
      pk: { field: 'pk', composite: ['productId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

/** `size` is the catalogue's VariantSize map (shared/src/contracts/catalog.ts): parse it on read. */
export const catalogVariantView = new Entity({
  model: { entity: 'catalogVariant', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    productId: { type: 'string', required: true, readOnly: true },
    variantId: { type: 'string', required: true, readOnly: true },
    label: { type: 'string', required: true },
    size: { type: 'any', required: true },
  },
  indexes: {
    byProduct: {
      collection: 'productDetail',
      pk: { field: 'pk', composite: ['productId'] },
      sk: { field: 'sk', composite: ['variantId'] },
    },
  },
});
