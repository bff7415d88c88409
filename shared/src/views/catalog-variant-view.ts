import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The read-only view of the catalog service's `catalogVariant` row
 * (services/catalog/src/products/variant-entity.ts): a product's sizes with their box
 * barcodes, in the product's partition. Store mode's counter reads the variants of the
 * products a store stocks, to know which barcode is which pair
 * (docs/product/store-mode.md#the-counters-stock). Never written through;
 * `catalog/test/unit/catalog-variant-view.test.ts` fails when it drifts.
 */
export const catalogVariantView = new Entity({
  model: { entity: 'catalogVariant', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    productId: { type: 'string', required: true, readOnly: true },
    variantId: { type: 'string', required: true, readOnly: true },
    label: { type: 'string', required: true },
    size: { type: 'any', required: true },
    gtin: { type: 'string' },
  },
  indexes: {
    byProduct: {
      collection: 'productDetail',
      pk: { field: 'pk', composite: ['productId'] },
      sk: { field: 'sk', composite: ['variantId'] },
    },
  },
});
