import { Entity, type EntityItem } from '@sneakers/shared/table/entity';
import { ELECTRO_SERVICE } from '@sneakers/shared/table/definition';

/**
 * The uniqueness row of a style code (`pk = skuKey`, styleCodeKey of the SKU: upper-case
 * letters and digits only) → the product that has it. A product's create puts it with a
 * condition on its absence in the same transaction, so `DD1391-100`, `dd1391 100` and
 * `DD1391100` can never become two products, even when saved concurrently.
 */
export const skuEntity = new Entity({
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

export type SkuRow = EntityItem<typeof skuEntity>;
