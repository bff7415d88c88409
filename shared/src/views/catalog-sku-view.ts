import { Entity } from '../table/entity';
import { ELECTRO_SERVICE } from '../table/definition';

/**
 * The read-only view of the catalog service's `catalogSku` uniqueness row
 * (services/catalog/src/products/sku-entity.ts): a style code's key (styleCodeKey) → the
 * product that has it. An import matches its rows' style codes to the catalogue with one
 * BatchGet of these (docs/product/migration-tools.md#matching). Never written through;
 * `catalog/test/unit/catalog-sku-view.test.ts` fails when it drifts.
 */
export const catalogSkuView = new Entity({
  model: { entity: 'catalogSku', version: '1', service: ELECTRO_SERVICE },
  attributes: {
    skuKey: { type: 'string', required: true, readOnly: true },
    productId: { type: 'string', required: true },
  },
  indexes: {
    bySku: {
      pk: { field: 'pk', composite: ['skuKey'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
